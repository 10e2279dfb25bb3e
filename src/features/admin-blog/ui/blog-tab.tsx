import { useQuery } from '@tanstack/react-query';
import { ExternalLink } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { formatShortDate } from '../../../common/dates';
import { Badge } from '../../../client/components/ui/badge';
import { TableSkeleton } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { DeleteConfirmation, EditDeleteActions, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { LoadingRegion } from '../../../client/components/ui/skeleton';
import { useAdminResource, useResourceEditor, namedTexts } from '../../../client/lib/admin-resource';
import { refusalMessage } from '../../../client/lib/api-client';
import { authStatusQueryOptions } from '../../admin-auth/ui';
import { SLUG_TAKEN, type AdminBlogPost } from '../admin-blog.schema';
import { blogPostsResource, type BlogPostPayload } from './api/blog-resources';
import type { BlogPostSubmit } from './components/blog-post-editor';

// The rich-text editor (Tiptap, ProseMirror) is most of this tab's weight: the list shows without it.
const BlogPostEditor = lazy(() => import('./components/blog-post-editor').then((module) => ({ default: module.BlogPostEditor })));

const TEXTS = namedTexts<AdminBlogPost>(blogPostsResource.names, {
  created: (created) => (created.isPublished ? `"${created.title}" is live on the blog.` : `"${created.title}" was saved as a draft.`),
  updated: (updated) => (updated.isPublished ? `"${updated.title}" is live on the blog.` : `"${updated.title}" is a draft.`),
  deleted: (deleted) => `"${deleted.title}" was deleted.`,
});

const COLUMNS: Column<AdminBlogPost>[] = [
  {
    header: 'Title',
    className: 'max-w-96',
    cell: (post) => (
      <>
        <span className="font-bold">{post.title}</span>
        <span className="block font-mono text-xs text-ink-soft">/blog/{post.slug}</span>
      </>
    ),
  },
  {
    header: 'Status',
    className: 'whitespace-nowrap',
    cell: (post) => (
      <>
        <Badge tone={post.isPublished ? 'success' : 'paper'}>{post.isPublished ? 'Published' : 'Draft'}</Badge>
        {post.publishedAt ? (
          <time dateTime={post.publishedAt} className="ml-2 text-ink-soft">
            {formatShortDate(post.publishedAt)}
          </time>
        ) : null}
      </>
    ),
  },
  { header: 'Updated', className: 'whitespace-nowrap', cell: (post) => <time dateTime={post.updatedAt}>{formatShortDate(post.updatedAt)}</time> },
];

/**
 * The Blog tab: every post with its status; write and edit posts in a rich-text editor,
 * publish or unpublish, preview, delete. A change shows on /blog at once.
 */
export default function BlogTab() {
  const resource = useAdminResource<AdminBlogPost, BlogPostPayload>(blogPostsResource);
  const editor = useResourceEditor(resource, TEXTS);
  const authQuery = useQuery(authStatusQueryOptions());
  const defaultAuthor = authQuery.data?.user?.email.split('@')[0] ?? '';

  // A taken slug is also shown at the Slug field.
  const save = ({ payload, setSlugError }: BlogPostSubmit) =>
    editor.save(payload, {
      onRefused: (error) => {
        if (refusalMessage(error) === SLUG_TAKEN) setSlugError(SLUG_TAKEN);
      },
    });

  // The editor takes the tab's place while it is open.
  if (editor.form.open) {
    return (
      <Suspense
        fallback={
          <LoadingRegion label="Loading the editor">
            <TableSkeleton />
          </LoadingRegion>
        }
      >
        <BlogPostEditor
          key={editor.form.editing?.id ?? 'new'}
          editing={editor.form.editing}
          defaultAuthor={defaultAuthor}
          busy={editor.form.busy}
          onSubmit={save}
          onClose={() => editor.form.onOpenChange(false)}
        />
      </Suspense>
    );
  }

  return (
    <>
      <ResourceTable
        resource={resource}
        start={{ add: 'New Post', onAdd: editor.openNew, lead: 'Write one with', hint: 'it stays a draft until you publish it.' }}
        tools={
          <a href="/blog" target="_blank" rel="noopener noreferrer" className={smallButtonClasses('ghost')}>
            <ExternalLink aria-hidden="true" className="size-4" />
            Open the blog
          </a>
        }
        columns={COLUMNS}
        rowActions={(post) => (
          <EditDeleteActions row={post} name={post.title} editor={editor}>
            {post.isPublished ? (
              <a href={`/blog/${post.slug}`} target="_blank" rel="noopener noreferrer" className={smallButtonClasses('ghost')} aria-label={`View ${post.title} on the site (opens a new tab)`}>
                <ExternalLink aria-hidden="true" className="size-4" />
                View
              </a>
            ) : null}
          </EditDeleteActions>
        )}
      />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(post) => `Delete "${post.title}"?`}
        description="The post is removed from the blog at once and cannot be restored (except from a backup)."
      />
    </>
  );
}
