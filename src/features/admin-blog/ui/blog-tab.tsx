import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Pencil, Plus, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { formatShortDate } from '../../../common/dates';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { authStatusQueryOptions } from '../../admin-auth/ui/api/get-auth-status';
import { SLUG_TAKEN, type AdminBlogPost } from '../admin-blog.schema';
import { useCreateBlogPost } from './api/create-blog-post';
import { useDeleteBlogPost } from './api/delete-blog-post';
import { useAdminBlogPosts } from './api/get-blog-posts';
import { useUpdateBlogPost } from './api/update-blog-post';
import type { BlogPostSubmit } from './components/blog-post-editor';

// The rich-text editor (Tiptap, ProseMirror) is most of this tab's weight: the list shows without it.
const BlogPostEditor = lazy(() => import('./components/blog-post-editor').then((module) => ({ default: module.BlogPostEditor })));

function PostRow({ post, onEdit, onDelete }: { post: AdminBlogPost; onEdit: (post: AdminBlogPost) => void; onDelete: (post: AdminBlogPost) => void }) {
  return (
    <tr>
      <Td className="max-w-96">
        <span className="font-bold">{post.title}</span>
        <span className="block font-mono text-xs text-ink-soft">/blog/{post.slug}</span>
      </Td>
      <Td className="whitespace-nowrap">
        <Badge tone={post.isPublished ? 'success' : 'paper'}>{post.isPublished ? 'Published' : 'Draft'}</Badge>
        {post.publishedAt ? (
          <time dateTime={post.publishedAt} className="ml-2 text-ink-soft">
            {formatShortDate(post.publishedAt)}
          </time>
        ) : null}
      </Td>
      <Td className="whitespace-nowrap">
        <time dateTime={post.updatedAt}>{formatShortDate(post.updatedAt)}</time>
      </Td>
      <Td>
        <div className="flex flex-wrap gap-1.5">
          <button type="button" className={smallButtonClasses('ghost')} aria-label={`Edit ${post.title}`} onClick={() => onEdit(post)}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          {post.isPublished ? (
            <a href={`/blog/${post.slug}`} target="_blank" rel="noopener noreferrer" className={smallButtonClasses('ghost')} aria-label={`View ${post.title} on the site (opens a new tab)`}>
              <ExternalLink aria-hidden="true" className="size-4" />
              View
            </a>
          ) : null}
          <button type="button" className={smallButtonClasses('ghost')} aria-label={`Delete ${post.title}`} onClick={() => onDelete(post)}>
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </Td>
    </tr>
  );
}

/**
 * The Blog tab (issue 6): every post with its status; write and edit posts in a rich-text editor,
 * publish or unpublish, preview, delete. A change shows on /blog at once.
 */
export default function BlogTab() {
  const postsQuery = useAdminBlogPosts();
  const authQuery = useQuery(authStatusQueryOptions());
  const creation = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const removal = useDeleteBlogPost();
  const [editor, setEditor] = useState<{ editing: AdminBlogPost | null } | null>(null);
  const [toDelete, setToDelete] = useState<AdminBlogPost | null>(null);
  const posts = postsQuery.data ?? [];
  const pagination = usePagination(posts);
  const defaultAuthor = authQuery.data?.user?.email.split('@')[0] ?? '';

  const save = ({ payload, setSlugError }: BlogPostSubmit) => {
    const onError = (title: string) => (error: unknown) => {
      if (refusalMessage(error) === SLUG_TAKEN) setSlugError(SLUG_TAKEN);
      failureToast(title, error);
    };
    const editing = editor?.editing;
    if (!editing) {
      creation.mutate(payload, {
        onSuccess: (created) => {
          toast({ title: 'Blog Post Created', description: created.isPublished ? `"${created.title}" is live on the blog.` : `"${created.title}" was saved as a draft.` });
          setEditor(null);
        },
        onError: onError('Failed to create blog post'),
      });
      return;
    }
    update.mutate(
      { id: editing.id, changes: payload },
      {
        onSuccess: (updated) => {
          toast({ title: 'Blog Post Updated', description: updated.isPublished ? `"${updated.title}" is live on the blog.` : `"${updated.title}" is a draft.` });
          setEditor(null);
        },
        onError: onError('Failed to update blog post'),
      },
    );
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    const post = toDelete;
    removal.mutate(post.id, {
      onSuccess: () => {
        toast({ title: 'Blog Post Deleted', description: `"${post.title}" was deleted.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete blog post', error);
        setToDelete(null);
      },
    });
  };

  if (editor) {
    return (
      <Suspense
        fallback={
          <div aria-busy="true" aria-label="Loading the editor">
            <TableSkeleton />
          </div>
        }
      >
        <BlogPostEditor
          key={editor.editing?.id ?? 'new'}
          editing={editor.editing}
          defaultAuthor={defaultAuthor}
          busy={creation.isPending || update.isPending}
          onSubmit={save}
          onClose={() => setEditor(null)}
        />
      </Suspense>
    );
  }

  let content;
  if (postsQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading blog posts">
        <TableSkeleton />
      </div>
    );
  } else if (postsQuery.isError) {
    content = <ErrorState message="Failed to load blog posts." onRetry={() => void postsQuery.refetch()} />;
  } else if (posts.length === 0) {
    content = (
      <EmptyState title="No blog posts yet">
        Write one with <strong>New Post</strong>; it stays a draft until you publish it.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <DataTable label="Blog posts" actions>
          <thead>
            <tr>
              <Th>Title</Th>
              <Th>Status</Th>
              <Th>Updated</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pagination.pageRows.map((post) => (
              <PostRow key={post.id} post={post} onEdit={(editing) => setEditor({ editing })} onDelete={setToDelete} />
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="blog posts" />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setEditor({ editing: null })}>
          <Plus aria-hidden="true" className="size-4" />
          New Post
        </button>
        <a href="/blog" target="_blank" rel="noopener noreferrer" className={smallButtonClasses('ghost')}>
          <ExternalLink aria-hidden="true" className="size-4" />
          Open the blog
        </a>
      </div>

      {content}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete "${toDelete.title}"?` : 'Delete blog post?'}
        description="The post is removed from the blog at once and cannot be restored (except from a backup)."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
