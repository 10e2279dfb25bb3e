import { ImageIcon } from 'lucide-react';
import { useState } from 'react';

import { DeleteConfirmation, EditDeleteActions, ResourceTable, ResourceToolbar, type Column } from '../../../client/components/ui/resource-view';
import { namedTexts, useAdminResource, useResourceEditor, type ResourceNames } from '../../../client/lib/admin-resource';
import type { AdminTestimonial, TestimonialInput, TestimonialUpdate } from '../admin-content.schema';
import { testimonialsResource } from './api/content-resources';
import { RowSwitch } from './components/row-switch';
import { TestimonialDialog } from './components/testimonial-dialog';

function excerpt(text: string, length = 90): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

function Avatar({ testimonial }: { testimonial: AdminTestimonial }) {
  const [broken, setBroken] = useState(false);
  if (!testimonial.profileImageUrl || broken) {
    return (
      <span className="flex size-10 items-center justify-center rounded-full border-2 border-ink bg-paper-deep" aria-hidden="true">
        <ImageIcon className="size-4 text-ink-soft" />
      </span>
    );
  }
  return (
    <img
      src={testimonial.profileImageUrl}
      alt={`Photo of ${testimonial.name}`}
      width={40}
      height={40}
      loading="lazy"
      onError={() => setBroken(true)}
      className="size-10 rounded-full border-2 border-ink object-cover"
    />
  );
}

const NAMES: ResourceNames = { one: 'Testimonial', many: 'Testimonials' };
const TEXTS = namedTexts<AdminTestimonial>(NAMES, {
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
    { header: 'Photo', hidden: true, cell: (testimonial) => <Avatar testimonial={testimonial} /> },
    { header: 'Name', className: 'font-bold', cell: (testimonial) => testimonial.name },
    { header: 'Role / Organization', className: 'max-w-56', cell: (testimonial) => [testimonial.role, testimonial.organization].filter(Boolean).join(', ') || '—' },
    { header: 'Testimonial', className: 'max-w-80 whitespace-normal', cell: (testimonial) => excerpt(testimonial.text) },
    { header: 'Sort order', className: 'tabular-nums', cell: (testimonial) => testimonial.sortOrder ?? '—' },
    {
      header: 'Published',
      cell: (testimonial) => (
        <RowSwitch
          label={`Published: ${testimonial.name}`}
          stateText={testimonial.isPublished ? 'Published' : 'Hidden'}
          checked={testimonial.isPublished}
          disabled={editor.changingId === testimonial.id}
          onCheckedChange={(isPublished) =>
            editor.change(testimonial, { isPublished }, (updated) => ({
              title: 'Testimonial Updated',
              description: `${updated.name}'s testimonial is now ${updated.isPublished ? 'published' : 'hidden'}.`,
            }))
          }
        />
      ),
    },
  ];

  return (
    <div>
      <ResourceToolbar add={{ label: 'Add Testimonial', onClick: editor.openNew }} />

      <ResourceTable
        query={resource.list}
        names={NAMES}
        empty={{
          children: (
            <>
              Add one with <strong>Add Testimonial</strong>; published testimonials appear on the landing page.
            </>
          ),
        }}
        columns={columns}
        rowActions={(testimonial) => (
          <EditDeleteActions
            editLabel={`Edit testimonial from ${testimonial.name}`}
            deleteLabel={`Delete testimonial from ${testimonial.name}`}
            onEdit={() => editor.openEdit(testimonial)}
            onDelete={() => editor.deletion.ask(testimonial)}
          />
        )}
      />

      <TestimonialDialog key={editor.opening} {...editor.form} />

      <DeleteConfirmation
        deletion={editor.deletion}
        title={(testimonial) => `Delete the testimonial from ${testimonial.name}?`}
        description="It disappears from the landing page at once. This cannot be undone."
      />
    </div>
  );
}
