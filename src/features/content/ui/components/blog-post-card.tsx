import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { formatShortDate } from '../../../../common/dates';
import { DecorativeImage } from '../../../../client/components/ui/decorative-image';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { listReadMinutes, type BlogPost } from '../../content.schema';

/**
 * The byline: author, date and read time, shared by the list and the post.
 *
 * Every part carries a '·' before it, and the list is shifted left by exactly one separator's
 * width inside a clipping box: the part that opens a line has its separator cut off, so a wrapped
 * line never starts (nor, since separators lead their part, ends) with a '·'. Missing parts are
 * simply not rendered, so no separator stands beside a gap.
 */
export function BlogByline({
  author,
  publishedAt,
  formatDate,
  minutes,
}: {
  author: string;
  publishedAt?: string | null;
  formatDate: (value: string) => string;
  minutes: number;
}) {
  const parts = [
    author ? <span key="author">{author}</span> : null,
    publishedAt ? (
      <time key="date" dateTime={publishedAt} className="whitespace-nowrap">
        {formatDate(publishedAt)}
      </time>
    ) : null,
    <span key="minutes" className="whitespace-nowrap">
      {minutes} min read
    </span>,
  ].filter((part) => part !== null);
  return (
    <div className="overflow-hidden text-sm font-semibold text-ink-soft" data-byline="">
      <p className="-ml-5 flex flex-wrap items-center gap-y-1">
        {parts.map((part) => (
          <span key={part.key} className="inline-flex min-w-0 items-center" data-byline-part="">
            <span aria-hidden="true" className="w-5 shrink-0 text-center" data-byline-separator="">
              ·
            </span>
            {part}
          </span>
        ))}
      </p>
    </div>
  );
}

export function BlogPostCard({ post }: { post: BlogPost }) {
  const href = `/blog/${post.slug}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-brutal border-2 border-ink bg-white shadow-brutal">
      {post.featuredImageUrl && (
        <DecorativeImage src={post.featuredImageUrl} width={640} height={360} className="aspect-video w-full border-b-2 border-ink object-cover" />
      )}
      <div className="flex flex-1 flex-col p-6">
        <BlogByline
          author={post.authorName}
          publishedAt={post.publishedAt}
          formatDate={formatShortDate}
          minutes={listReadMinutes(post.content)}
        />
        {/* The title link stretches over the excerpt too, so both lead to the post with one tab stop. */}
        <div className="relative flex-1">
          <h2 className="mt-3 text-xl font-black text-balance">
            <Link href={href} className="after:absolute after:inset-0 hover:underline hover:decoration-2 hover:underline-offset-4">
              {post.title}
            </Link>
          </h2>
          {post.excerpt && <p className="mt-2 text-ink-soft">{post.excerpt}</p>}
        </div>
        <Link href={href} className={buttonClasses('secondary', 'md', 'mt-6 self-start')}>
          Read More
          {/* In the text, not only in aria-label: search engines read a link's text to know where it goes. */}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </li>
  );
}

export function BlogPostCardSkeleton() {
  return (
    <li aria-hidden="true" className="overflow-hidden rounded-brutal border-2 border-ink bg-white">
      <Skeleton className="aspect-video w-full rounded-none" />
      <div className="p-6">
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-4 h-6 w-5/6" />
        <Skeleton className="mt-3 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-2/3" />
        <Skeleton className="mt-6 h-11 w-36" />
      </div>
    </li>
  );
}
