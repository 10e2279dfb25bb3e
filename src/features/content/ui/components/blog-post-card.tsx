import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { formatShortDate } from '../../../../common/dates';
import { buttonClasses } from '../../../../client/components/ui/button';
import { Skeleton } from '../../../../client/components/ui/skeleton';
import { listReadMinutes, type BlogPost } from '../../content.schema';

/** The byline: author, date and read time, shared by the list and the post. */
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
  // Each part keeps its separator, so a wrapped line never ends in a dangling dot.
  const separator = <span aria-hidden="true">· </span>;
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-ink-soft">
      <span>{author}</span>
      {publishedAt && (
        <span className="whitespace-nowrap">
          {separator}
          <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>
        </span>
      )}
      <span className="whitespace-nowrap">
        {separator}
        {minutes} min read
      </span>
    </p>
  );
}

export function BlogPostCard({ post }: { post: BlogPost }) {
  const href = `/blog/${post.slug}`;
  return (
    <li className="flex flex-col overflow-hidden rounded-brutal border-2 border-ink bg-white shadow-brutal">
      {post.featuredImageUrl && (
        <img
          src={post.featuredImageUrl}
          alt=""
          width={640}
          height={360}
          loading="lazy"
          decoding="async"
          className="aspect-video w-full border-b-2 border-ink object-cover"
        />
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
