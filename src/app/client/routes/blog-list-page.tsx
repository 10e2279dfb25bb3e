import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { routeMetaFor } from '../../../common/route-meta';
import { useBlogPosts } from '../../../features/content/ui/api/get-blog-posts';
import { BlogPostCard, BlogPostCardSkeleton } from '../../../features/content/ui/components/blog-post-card';
import { buttonClasses } from '../../../client/components/ui/button';
import { LoadingRegion } from '../../../client/components/ui/skeleton';
import { useRouteMeta } from '../../../client/lib/use-route-meta';

function BlogPosts() {
  const { data: posts, isPending, isError, isFetching, refetch } = useBlogPosts();

  if (isPending) {
    return (
      <LoadingRegion label="Loading blog posts">
        <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <BlogPostCardSkeleton key={key} />
          ))}
        </ul>
      </LoadingRegion>
    );
  }
  if (isError) {
    return (
      <div role="alert" className="rounded-brutal border-2 border-ink bg-danger-soft p-6">
        <p className="font-semibold">Failed to load blog posts. Please try again later.</p>
        <button
          type="button"
          onClick={() => void refetch()}
          disabled={isFetching}
          className={buttonClasses('secondary', 'md', 'mt-4')}
        >
          Try again
        </button>
      </div>
    );
  }
  // The server lists published posts only; the filter keeps that rule true here as well.
  const published = posts.filter((post) => post.isPublished);
  if (published.length === 0) {
    return (
      <div className="rounded-brutal border-2 border-dashed border-ink p-10 text-center">
        <h2 className="text-2xl font-black">No posts yet</h2>
        <p className="mt-2 text-ink-soft">Check back soon for exciting content!</p>
      </div>
    );
  }
  return (
    <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
      {published.map((post) => (
        <BlogPostCard key={post.id} post={post} />
      ))}
    </ul>
  );
}

export default function BlogListPage() {
  useRouteMeta(routeMetaFor('/blog'));
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 md:py-16">
      <Link href="/" className="inline-flex min-h-11 items-center gap-2 font-bold underline-offset-4 hover:underline">
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Home
      </Link>
      <h1 className="mt-4 text-4xl font-black tracking-tight sm:text-5xl">Blog</h1>
      <p className="mt-3 mb-10 max-w-2xl text-lg text-ink-soft">
        Notes on prototyping with no-code tools, testing ideas with users and shipping faster.
      </p>
      <BlogPosts />
    </div>
  );
}
