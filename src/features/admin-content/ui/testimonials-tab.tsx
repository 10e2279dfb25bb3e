import { DeleteConfirmation, EditDeleteActions, ImageCell, ResourceTable, type Column } from '../../../client/components/ui/resource-view';
import { namedTexts, useAdminResource, useResourceEditor } from '../../../client/lib/admin-resource';
import type { AdminTestimonial, TestimonialInput, TestimonialUpdate } from '../admin-content.schema';
import { testimonialsResource } from './api/content-resources';
import { publishedColumn } from './components/published-column';
import { TestimonialDialog } from './components/testimonial-dialog';

function excerpt(text: string, length = 90): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

const TEXTS = namedTexts<AdminTestimonial>(testimonialsResource.names, {
  created: (created) => `The testimonial from ${created.name} was added.`,
  updated: (updated) => `The testimonial from ${updated.name} was saved.`,
  deleted: (deleted) => `The testimonial from ${deleted.name} was deleted.`,
});

/**
 * The Testimonials tab: every testimonial in the order the landing page shows them; add, edit,
 * publish or hide, delete. Each change reaches the public list at once.
 */
export default function TestimonialsTab() {
  const resource = useAdminResource<AdminTestimonial, TestimonialInput, TestimonialUpdate>(testimonialsResource);
  const editor = useResourceEditor(resource, TEXTS);

  const columns: Column<AdminTestimonial>[] = [
    { header: 'Photo', hidden: true, cell: (testimonial) => <ImageCell src={testimonial.profileImageUrl} alt={`Photo of ${testimonial.name}`} shape="round" /> },
    { header: 'Name', className: 'font-bold', cell: (testimonial) => testimonial.name },
    { header: 'Role / Organization', className: 'max-w-56', cell: (testimonial) => [testimonial.role, testimonial.organization].filter(Boolean).join(', ') || '—' },
    { header: 'Testimonial', className: 'max-w-80 whitespace-normal', cell: (testimonial) => excerpt(testimonial.text) },
    { header: 'Sort order', className: 'tabular-nums', cell: (testimonial) => testimonial.sortOrder ?? '—' },
    publishedColumn(
      editor,
      (testimonial) => testimonial.name,
      (updated) => ({ title: 'Testimonial Updated', description: `${updated.name}'s testimonial is now ${updated.isPublished ? 'published' : 'hidden'}.` }),
    ),
  ];

  return (
    <>
      <ResourceTable
        resource={resource}
        start={{ add: 'Add Testimonial', onAdd: editor.openNew, lead: 'Add one with', hint: 'published testimonials appear on the landing page.' }}
        columns={columns}
        rowActions={(testimonial) => <EditDeleteActions row={testimonial} name={`testimonial from ${testimonial.name}`} editor={editor} />}
      />

      <TestimonialDialog key={editor.opening} {...editor.form} />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(testimonial) => `Delete the testimonial from ${testimonial.name}?`}
        description="It disappears from the landing page at once. This cannot be undone."
      />
    </>
  );
}
