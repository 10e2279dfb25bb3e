import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { formatLongDate } from '../../../common/dates';
import { blogPostMeta, routeMetaFor } from '../../../common/route-meta';
import { postReadMinutes, type BlogPost } from '../../../features/content/content.schema';
import { useBlogPost } from '../../../features/content/ui/api/get-blog-post';
import { BlogByline } from '../../../features/content/ui/components/blog-post-card';
import { DecorativeImage } from '../../../client/components/ui/decorative-image';
import { ApiError } from '../../../client/lib/api-client';
import { buttonClasses } from '../../../client/components/ui/button';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

const backLinkClasses = 'inline-flex min-h-11 items-center gap-2 font-bold underline-offset-4 hover:underline';

function PostSkeleton() {
  return (
    <>
      {/* The page keeps a main heading while the post (and its own heading) loads. */}
      <h1 className="sr-only">Blog post</h1>
      <LoadingRegion label="Loading post">
        <Skeleton className="aspect-video w-full" />
        <Skeleton className="mt-8 h-4 w-1/3" />
        <Skeleton className="mt-4 h-10 w-4/5" />
        <Skeleton className="mt-4 h-5 w-full" />
        <div className="mt-10 grid gap-3">
          {['w-full', 'w-11/12', 'w-full', 'w-3/5', 'w-full', 'w-5/6'].map((width, index) => (
            <Skeleton key={index} className={`h-4 ${width}`} />
          ))}
        </div>
      </LoadingRegion>
    </>
  );
}

function PostNotFound() {
  return (
    <div className="rounded-brutal border-2 border-ink bg-white p-10 text-center shadow-brutal">
      <h1 className="text-3xl font-black">Post Not Found</h1>
      <p className="mt-3 text-ink-soft">The blog post you're looking for doesn't exist or has been removed.</p>
      <Link href="/blog" className={buttonClasses('primary', 'md', 'mt-8')}>
        View All Posts
      </Link>
    </div>
  );
}

function Post({ post }: { post: BlogPost }) {
  return (
    <article>
      {post.featuredImageUrl && (
        <DecorativeImage src={post.featuredImageUrl} width={1200} height={675} className="aspect-video w-full rounded-brutal border-2 border-ink object-cover shadow-brutal" eager />
      )}
      <header className="mt-8">
        <BlogByline
          author={post.authorName}
          publishedAt={post.publishedAt}
          formatDate={formatLongDate}
          minutes={postReadMinutes(post.content)}
        />
        <h1 className="mt-3 text-4xl font-black tracking-tight text-balance sm:text-5xl">{post.title}</h1>
        {post.excerpt && <p className="mt-4 text-xl text-pretty text-ink-soft">{post.excerpt}</p>}
      </header>
      {/* Sanitised by the server when the post was saved. */}
      <div className="rich-text mt-10 text-lg" dangerouslySetInnerHTML={{ __html: post.content }} />
      <footer className="mt-14 flex flex-wrap justify-between gap-4 border-t-2 border-ink pt-6">
        <Link href="/blog" className={backLinkClasses}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All Posts
        </Link>
        <Link href="/" className={backLinkClasses}>
          Back to Home
        </Link>
      </footer>
    </article>
  );
}

function isNotFound(error: Error | null) {
  return error instanceof ApiError && error.status === 404;
}

function PostBody({ query }: { query: ReturnType<typeof useBlogPost> }) {
  const { data: post, isPending, error, refetch } = query;
  if (isPending) return <PostSkeleton />;
  if (error) {
    if (isNotFound(error)) return <PostNotFound />;
    return (
      <div role="alert" className="rounded-brutal border-2 border-ink bg-danger-soft p-6">
        <p className="font-semibold">Failed to load this post. Please try again later.</p>
        <button type="button" onClick={() => void refetch()} className={buttonClasses('secondary', 'md', 'mt-4')}>
          Try again
        </button>
      </div>
    );
  }
  return <Post post={post} />;
}

export default function BlogPostPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const query = useBlogPost(slug);
  // Until the post is known, the blog's own title and description stand in.
  useRouteMeta(
    query.data ? blogPostMeta(query.data) : routeMetaFor(isNotFound(query.error) ? `/blog/${slug}` : '/blog'),
  );
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <Link href="/blog" className={backLinkClasses}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Blog
      </Link>
      <div className="mt-6">
        <PostBody query={query} />
      </div>
    </div>
  );
}
