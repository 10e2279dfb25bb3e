import { ImageIcon, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import type { AdminTestimonial, TestimonialInput } from '../admin-content.schema';
import { useCreateTestimonial } from './api/create-testimonial';
import { useDeleteTestimonial } from './api/delete-testimonial';
import { useAdminTestimonials } from './api/get-admin-testimonials';
import { useUpdateTestimonial } from './api/update-testimonial';
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

/**
 * The Testimonials tab: every testimonial in the order the landing page shows them; add, edit,
 * publish or hide, delete. Each change reaches the public list at once.
 */
export default function TestimonialsTab() {
  const listQuery = useAdminTestimonials();
  const creation = useCreateTestimonial();
  const update = useUpdateTestimonial();
  const removal = useDeleteTestimonial();
  const [dialog, setDialog] = useState<{ open: boolean; editing: AdminTestimonial | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<AdminTestimonial | null>(null);
  const rows = listQuery.data ?? [];
  const pagination = usePagination(rows);

  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const save = (values: TestimonialInput) => {
    const editing = dialog.editing;
    if (!editing) {
      creation.mutate(values, {
        onSuccess: (created) => {
          toast({ title: 'Testimonial Created', description: `The testimonial from ${created.name} was added.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to create testimonial', error),
      });
      return;
    }
    update.mutate(
      { id: editing.id, changes: values },
      {
        onSuccess: (updated) => {
          toast({ title: 'Testimonial Updated', description: `The testimonial from ${updated.name} was saved.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to update testimonial', error),
      },
    );
  };

  const togglePublished = (testimonial: AdminTestimonial, isPublished: boolean) =>
    update.mutate(
      { id: testimonial.id, changes: { isPublished } },
      {
        onSuccess: (updated) =>
          toast({ title: 'Testimonial Updated', description: `${updated.name}'s testimonial is now ${updated.isPublished ? 'published' : 'hidden'}.` }),
        onError: (error) => failureToast('Failed to update testimonial', error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const testimonial = toDelete;
    removal.mutate(testimonial.id, {
      onSuccess: () => {
        toast({ title: 'Testimonial Deleted', description: `The testimonial from ${testimonial.name} was deleted.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete testimonial', error);
        setToDelete(null);
      },
    });
  };

  const togglingId = update.isPending && update.variables && !dialog.open ? update.variables.id : null;

  let content;
  if (listQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading testimonials">
        <TableSkeleton />
      </div>
    );
  } else if (listQuery.isError) {
    content = <ErrorState message="Failed to load testimonials." onRetry={() => void listQuery.refetch()} />;
  } else if (rows.length === 0) {
    content = (
      <EmptyState title="No testimonials yet">
        Add one with <strong>Add Testimonial</strong>; published testimonials appear on the landing page.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <DataTable label="Testimonials" actions>
          <thead>
            <tr>
              <Th>
                <span className="sr-only">Photo</span>
              </Th>
              <Th>Name</Th>
              <Th>Role / Organization</Th>
              <Th>Testimonial</Th>
              <Th>Sort order</Th>
              <Th>Published</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pagination.pageRows.map((testimonial) => (
              <tr key={testimonial.id}>
                <Td>
                  <Avatar testimonial={testimonial} />
                </Td>
                <Td className="font-bold">{testimonial.name}</Td>
                <Td className="max-w-56">{[testimonial.role, testimonial.organization].filter(Boolean).join(', ') || '—'}</Td>
                <Td className="max-w-80 whitespace-normal">{excerpt(testimonial.text)}</Td>
                <Td className="tabular-nums">{testimonial.sortOrder ?? '—'}</Td>
                <Td>
                  <RowSwitch
                    label={`Published: ${testimonial.name}`}
                    stateText={testimonial.isPublished ? 'Published' : 'Hidden'}
                    checked={testimonial.isPublished}
                    disabled={togglingId === testimonial.id}
                    onCheckedChange={(checked) => togglePublished(testimonial, checked)}
                  />
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-1.5">
                    <button
                      type="button"
                      className={smallButtonClasses('ghost')}
                      aria-label={`Edit testimonial from ${testimonial.name}`}
                      onClick={() => setDialog({ open: true, editing: testimonial })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </button>
                    <button
                      type="button"
                      className={smallButtonClasses('ghost')}
                      aria-label={`Delete testimonial from ${testimonial.name}`}
                      onClick={() => setToDelete(testimonial)}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete
                    </button>
                  </div>
                </Td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="testimonials" />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setDialog({ open: true, editing: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Testimonial
        </button>
      </div>

      {content}

      <TestimonialDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        editing={dialog.editing}
        busy={creation.isPending || (update.isPending && dialog.open)}
        onSubmit={save}
      />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete the testimonial from ${toDelete.name}?` : 'Delete testimonial?'}
        description="It disappears from the landing page at once. This cannot be undone."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
