import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, Eye } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { RichTextEditor } from '../../../../client/components/rich-text/rich-text-editor';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { TextAreaField, TextField } from '../../../../client/components/ui/form';
import { SwitchField } from '../../../../client/components/ui/switch';
import { failureToast } from '../../../../client/components/ui/toast-store';
import { ImageField } from '../../../uploads/ui';
import {
  blogPostFormSchema,
  publishedDateToInstant,
  slugify,
  type AdminBlogPost,
  type BlogPostFormOutput,
  type BlogPostFormValues,
} from '../../admin-blog.schema';
import type { BlogPostPayload } from '../api/blog-resources';
import { usePreviewHtml } from '../api/preview-html';
import { BlogPreviewFrame, type BlogPreviewPost } from './preview-frames';

function startingValues(post: AdminBlogPost | null, defaultAuthor: string): BlogPostFormValues {
  if (!post) return { title: '', slug: '', excerpt: '', featuredImageUrl: '', authorName: defaultAuthor, isPublished: false, publishedDate: '' };
  return {
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    featuredImageUrl: post.featuredImageUrl ?? '',
    authorName: post.authorName,
    isPublished: post.isPublished,
    publishedDate: post.publishedAt ? post.publishedAt.slice(0, 10) : '',
  };
}

export type BlogPostSubmit = {
  payload: BlogPostPayload;
  /** Puts a server refusal (a slug in use) under the Slug field. */
  setSlugError: (message: string) => void;
};

type Props = {
  /** null: a new post. */
  editing: AdminBlogPost | null;
  defaultAuthor: string;
  busy: boolean;
  onSubmit: (submit: BlogPostSubmit) => void;
  onClose: () => void;
};

/**
 * The blog editor, full width in place of the list (long posts need the room, and Escape in a
 * dialog would throw the text away): title, slug (made from the title until edited), excerpt,
 * featured image, rich text, author, Publish switch and date, and a Preview of the post as
 * visitors will see it, cleaned by the server exactly as it would be stored.
 */
export function BlogPostEditor({ editing, defaultAuthor, busy, onSubmit, onClose }: Props) {
  const formId = useId();
  const initial = startingValues(editing, defaultAuthor);
  const [content, setContent] = useState(editing?.content ?? '');
  // A new post's slug follows its title until the slug is edited; an existing post keeps its address.
  const [slugEdited, setSlugEdited] = useState(editing !== null);
  const [preview, setPreview] = useState<BlogPreviewPost | null>(null);
  const previewHtml = usePreviewHtml();

  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    setError,
    formState: { errors, dirtyFields },
  } = useForm<BlogPostFormValues, unknown, BlogPostFormOutput>({
    resolver: zodResolver(blogPostFormSchema),
    defaultValues: initial,
  });

  const titleRegistration = register('title', {
    onChange: (event: { target: { value: string } }) => {
      if (!slugEdited) setValue('slug', slugify(event.target.value));
    },
  });
  const slugRegistration = register('slug', {
    onChange: (event: { target: { value: string } }) => {
      // Emptied: it follows the title again.
      setSlugEdited(event.target.value.trim() !== '');
    },
  });

  const submit = handleSubmit((values) => {
    const payload: BlogPostPayload = {
      title: values.title,
      slug: values.slug,
      excerpt: values.excerpt,
      content,
      featuredImageUrl: values.featuredImageUrl,
      isPublished: values.isPublished,
      // An untouched date keeps the stored instant; a new day is sent as that day's noon (UTC).
      publishedAt: values.publishedDate === '' ? null : publishedDateToInstant(values.publishedDate),
    };
    if (values.authorName !== '') payload.authorName = values.authorName;
    if (editing && !dirtyFields.publishedDate && editing.publishedAt) payload.publishedAt = editing.publishedAt;
    onSubmit({ payload, setSlugError: (message) => setError('slug', { message }, { shouldFocus: true }) });
  });

  const openPreview = () => {
    const values = getValues();
    previewHtml.mutate(
      { kind: 'blog-posts', content },
      {
        onSuccess: (cleaned) =>
          setPreview({
            title: values.title,
            excerpt: values.excerpt,
            featuredImageUrl: values.featuredImageUrl,
            authorName: values.authorName || defaultAuthor,
            publishedAt: values.publishedDate ? publishedDateToInstant(values.publishedDate) : values.isPublished ? new Date().toISOString() : null,
            content: cleaned,
          }),
        onError: (error) => failureToast('Preview failed', error),
      },
    );
  };

  const heading = editing ? `Edit post: ${editing.title}` : 'New blog post';
  return (
    <section aria-labelledby={`${formId}-heading`} className="rounded-brutal border-2 border-ink bg-paper p-4 shadow-brutal-sm sm:p-6">
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
        <h3 id={`${formId}-heading`} className="text-lg font-extrabold">
          {heading}
        </h3>
        <button type="button" className={smallButtonClasses('ghost')} onClick={onClose}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to posts
        </button>
      </div>

      <form id={formId} noValidate onSubmit={submit} aria-label={heading} className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid min-w-0 gap-5">
          <TextField id={`${formId}-title`} label="Title" error={errors.title?.message} registration={titleRegistration} autoComplete="off" />
          <TextField
            id={`${formId}-slug`}
            label="Slug"
            error={errors.slug?.message}
            registration={slugRegistration}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            aria-describedby={`${formId}-slug-hint${errors.slug ? ` ${formId}-slug-error` : ''}`}
          />
          <p id={`${formId}-slug-hint`} className="-mt-4 text-xs text-ink-soft">
            The address: /blog/<span className="font-mono">slug</span>. Lower-case letters, digits and hyphens; made from the title until you change it.
          </p>
          <TextAreaField id={`${formId}-excerpt`} label="Excerpt" optional rows={3} error={errors.excerpt?.message} registration={register('excerpt')} className="[&_textarea]:min-h-20" />
          <RichTextEditor
            id={`${formId}-content`}
            label="Content"
            headings="page"
            value={content}
            onChange={setContent}
            hint="Bold, italic, headings, lists, quotes and links. Scripts, frames and styles are removed when saved."
          />
        </div>

        <div className="grid content-start gap-5">
          <Controller
            control={control}
            name="featuredImageUrl"
            render={({ field, fieldState }) => (
              <ImageField label="Featured image" value={field.value} onChange={field.onChange} error={fieldState.error?.message} id={`${formId}-image`} />
            )}
          />
          <TextField
            id={`${formId}-author`}
            label="Author name"
            error={errors.authorName?.message}
            registration={register('authorName')}
            autoComplete="off"
            placeholder={defaultAuthor}
          />
          <Controller
            control={control}
            name="isPublished"
            render={({ field }) => (
              <SwitchField
                id={`${formId}-published`}
                label="Published"
                hint={field.value ? 'visible on /blog' : 'draft, only admins see it'}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <div>
            <TextField
              id={`${formId}-date`}
              label="Published date"
              type="date"
              optional
              error={errors.publishedDate?.message}
              registration={register('publishedDate')}
            />
            <p className="mt-1.5 text-xs text-ink-soft">Empty: the day it is first published. Kept when a post is unpublished and published again.</p>
          </div>
        </div>
      </form>

      <div className="mt-6 flex flex-wrap justify-end gap-3 border-t-2 border-ink pt-4">
        <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
          Cancel
        </button>
        <button type="button" className={smallButtonClasses('secondary')} onClick={openPreview} disabled={previewHtml.isPending}>
          <Eye aria-hidden="true" className="size-4" />
          {previewHtml.isPending ? 'Preparing preview…' : 'Preview'}
        </button>
        <button type="submit" form={formId} className={smallButtonClasses('primary')} disabled={busy}>
          {busy ? 'Saving…' : editing ? 'Save Changes' : 'Create Post'}
        </button>
      </div>

      <Dialog
        open={preview !== null}
        onOpenChange={(open) => {
          if (!open) setPreview(null);
        }}
        title="Preview"
        description="The post as visitors will see it, cleaned as it will be saved."
        size="lg"
      >
        {preview ? <BlogPreviewFrame post={preview} /> : null}
      </Dialog>
    </section>
  );
}
