import { ImageIcon, Mail, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { DataTable, EmptyState, ErrorState, Pagination, TableSkeleton, Td, Th, usePagination } from '../../../client/components/ui/data-table';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import type { AdminAnnouncement, AnnouncementInput, AnnouncementUpdate } from '../admin-content.schema';
import { useCreateAnnouncement } from './api/create-announcement';
import { useDeleteAnnouncement } from './api/delete-announcement';
import { useAdminAnnouncements } from './api/get-admin-announcements';
import { useUpdateAnnouncement } from './api/update-announcement';
import { AnnouncementDialog } from './components/announcement-dialog';
import { InterestDialog } from './components/interest-dialog';
import { RowSwitch } from './components/row-switch';

function Thumbnail({ announcement }: { announcement: AdminAnnouncement }) {
  const [broken, setBroken] = useState(false);
  if (!announcement.imageUrl || broken) {
    return (
      <span className="flex h-10 w-16 items-center justify-center rounded-brutal border-2 border-ink bg-paper-deep" aria-hidden="true">
        <ImageIcon className="size-4 text-ink-soft" />
      </span>
    );
  }
  return (
    <img
      src={announcement.imageUrl}
      alt={`Image of ${announcement.title}`}
      width={64}
      height={40}
      loading="lazy"
      onError={() => setBroken(true)}
      className="h-10 w-16 rounded-brutal border-2 border-ink object-cover"
    />
  );
}

/**
 * The Announcements tab: every announcement in the landing page's order, with switches for
 * publishing and for the interest form, the count of interested addresses (and their list),
 * add, edit and delete. Each change reaches the public list at once.
 */
export default function AnnouncementsTab() {
  const listQuery = useAdminAnnouncements();
  const creation = useCreateAnnouncement();
  const update = useUpdateAnnouncement();
  const removal = useDeleteAnnouncement();
  const [dialog, setDialog] = useState<{ open: boolean; editing: AdminAnnouncement | null }>({ open: false, editing: null });
  const [toDelete, setToDelete] = useState<AdminAnnouncement | null>(null);
  const [interestOf, setInterestOf] = useState<AdminAnnouncement | null>(null);
  const rows = listQuery.data ?? [];
  const pagination = usePagination(rows);

  const closeDialog = () => setDialog((current) => ({ ...current, open: false }));

  const save = (values: AnnouncementInput) => {
    const editing = dialog.editing;
    if (!editing) {
      creation.mutate(values, {
        onSuccess: (created) => {
          toast({ title: 'Announcement Created', description: `"${created.title}" was added.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to create announcement', error),
      });
      return;
    }
    update.mutate(
      { id: editing.id, changes: values },
      {
        onSuccess: (updated) => {
          toast({ title: 'Announcement Updated', description: `"${updated.title}" was saved.` });
          closeDialog();
        },
        onError: (error) => failureToast('Failed to update announcement', error),
      },
    );
  };

  const toggle = (announcement: AdminAnnouncement, changes: AnnouncementUpdate, describe: (updated: AdminAnnouncement) => string) =>
    update.mutate(
      { id: announcement.id, changes },
      {
        onSuccess: (updated) => toast({ title: 'Announcement Updated', description: describe(updated) }),
        onError: (error) => failureToast('Failed to update announcement', error),
      },
    );

  const confirmDelete = () => {
    if (!toDelete) return;
    const announcement = toDelete;
    removal.mutate(announcement.id, {
      onSuccess: () => {
        toast({ title: 'Announcement Deleted', description: `"${announcement.title}" was deleted with its interest list.` });
        setToDelete(null);
      },
      onError: (error) => {
        failureToast('Failed to delete announcement', error);
        setToDelete(null);
      },
    });
  };

  const togglingId = update.isPending && update.variables && !dialog.open ? update.variables.id : null;

  let content;
  if (listQuery.isPending) {
    content = (
      <div aria-busy="true" aria-label="Loading announcements">
        <TableSkeleton />
      </div>
    );
  } else if (listQuery.isError) {
    content = <ErrorState message="Failed to load announcements." onRetry={() => void listQuery.refetch()} />;
  } else if (rows.length === 0) {
    content = (
      <EmptyState title="No announcements yet">
        Add one with <strong>Add Announcement</strong>; published announcements appear on the landing page.
      </EmptyState>
    );
  } else {
    content = (
      <>
        <DataTable label="Announcements" actions>
          <thead>
            <tr>
              <Th>
                <span className="sr-only">Image</span>
              </Th>
              <Th>Title</Th>
              <Th>Sort order</Th>
              <Th>Published</Th>
              <Th>Interest form</Th>
              <Th>Interested</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pagination.pageRows.map((announcement) => (
              <tr key={announcement.id}>
                <Td>
                  <Thumbnail announcement={announcement} />
                </Td>
                <Td className="max-w-72 font-bold whitespace-normal">{announcement.title}</Td>
                <Td className="tabular-nums">{announcement.sortOrder}</Td>
                <Td>
                  <RowSwitch
                    label={`Published: ${announcement.title}`}
                    stateText={announcement.isPublished ? 'Published' : 'Hidden'}
                    checked={announcement.isPublished}
                    disabled={togglingId === announcement.id}
                    onCheckedChange={(isPublished) =>
                      toggle(announcement, { isPublished }, (updated) => `"${updated.title}" is now ${updated.isPublished ? 'published' : 'hidden'}.`)
                    }
                  />
                </Td>
                <Td>
                  <RowSwitch
                    label={`Interest form: ${announcement.title}`}
                    stateText={announcement.emailFormEnabled ? 'On' : 'Off'}
                    checked={announcement.emailFormEnabled}
                    disabled={togglingId === announcement.id}
                    onCheckedChange={(emailFormEnabled) =>
                      toggle(
                        announcement,
                        { emailFormEnabled },
                        (updated) => `The interest form of "${updated.title}" is now ${updated.emailFormEnabled ? 'on' : 'off'}.`,
                      )
                    }
                  />
                </Td>
                <Td>
                  <button
                    type="button"
                    className={smallButtonClasses('secondary')}
                    aria-label={`${announcement.interestCount} interested in ${announcement.title}: show e-mails`}
                    onClick={() => setInterestOf(announcement)}
                  >
                    <Mail aria-hidden="true" className="size-4" />
                    <span className="tabular-nums">{announcement.interestCount}</span>
                  </button>
                </Td>
                <Td>
                  <div className="flex flex-wrap gap-1.5">
                    <button
                      type="button"
                      className={smallButtonClasses('ghost')}
                      aria-label={`Edit ${announcement.title}`}
                      onClick={() => setDialog({ open: true, editing: announcement })}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit
                    </button>
                    <button
                      type="button"
                      className={smallButtonClasses('ghost')}
                      aria-label={`Delete ${announcement.title}`}
                      onClick={() => setToDelete(announcement)}
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
        <Pagination {...pagination} noun="announcements" />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setDialog({ open: true, editing: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Announcement
        </button>
      </div>

      {content}

      <AnnouncementDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        editing={dialog.editing}
        busy={creation.isPending || (update.isPending && dialog.open)}
        onSubmit={save}
      />

      <InterestDialog announcement={interestOf} onClose={() => setInterestOf(null)} />

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={toDelete ? `Delete ${toDelete.title}?` : 'Delete announcement?'}
        description="It disappears from the landing page at once, with its list of interested e-mails. This cannot be undone."
        confirmLabel={removal.isPending ? 'Deleting…' : 'Delete'}
        busy={removal.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
