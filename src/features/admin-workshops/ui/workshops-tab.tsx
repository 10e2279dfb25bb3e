import { Plus } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { ConfirmDialog, smallButtonClasses } from '../../../client/components/ui/dialog';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { EmptyState, ErrorState, TableSkeleton } from '../../../client/components/ui/data-table';
import { toast } from '../../../client/components/ui/toast-store';
import type { AdminWorkshopDate } from '../admin-workshops.schema';
import { useDeleteWorkshopDate } from './api/delete-workshop-date';
import { useAdminWorkshopDates } from './api/get-admin-workshop-dates';
import { useUpdateWorkshopDate } from './api/update-workshop-date';
import { WorkshopDatesTable } from './components/workshop-dates-table';
import { WorkshopFormDialog } from './components/workshop-form-dialog';
import { failureDescription, loadedDescription, WORKSHOP_TOASTS } from './workshop-texts';

type Editing = { workshop: AdminWorkshopDate | null } | null;

const describe = (workshop: AdminWorkshopDate) => `${workshop.title} (${workshop.isTBC ? 'TBC' : workshop.date})`;

/** The Workshops tab (spec §2, §4, §8): every workshop date, with create, edit, toggles and delete. */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function WorkshopsTab({ csvActions }: { csvActions?: ReactNode }) {
  const workshops = useAdminWorkshopDates();
  const updateWorkshop = useUpdateWorkshopDate();
  const deleteWorkshop = useDeleteWorkshopDate();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<AdminWorkshopDate | null>(null);
  const [refreshing, setRefreshing] = useState(false);

  // One toast per failed read (on entry, on refresh, after a change).
  const { isError, errorUpdatedAt } = workshops;
  useEffect(() => {
    if (isError) toast({ title: WORKSHOP_TOASTS.errorTitle, description: WORKSHOP_TOASTS.loadFailed, variant: 'destructive' });
  }, [isError, errorUpdatedAt]);

  const refresh = async () => {
    setRefreshing(true);
    const result = await workshops.refetch();
    setRefreshing(false);
    if (result.isSuccess) toast({ title: WORKSHOP_TOASTS.loadedTitle, description: loadedDescription(result.data.length) });
  };

  const toggleActive = (workshop: AdminWorkshopDate) =>
    updateWorkshop.mutate(
      { id: workshop.id, input: { isActive: !workshop.isActive } },
      {
        onSuccess: (updated) =>
          toast({ title: WORKSHOP_TOASTS.updated, description: `${describe(updated)} is now ${updated.isActive ? 'active' : 'inactive'}.` }),
        onError: (error) =>
          toast({ title: WORKSHOP_TOASTS.errorTitle, description: failureDescription(WORKSHOP_TOASTS.statusFailed, error), variant: 'destructive' }),
      },
    );

  const toggleFeatured = (workshop: AdminWorkshopDate) =>
    updateWorkshop.mutate(
      { id: workshop.id, input: { isFeatured: !workshop.isFeatured } },
      {
        onSuccess: (updated) =>
          toast({
            title: WORKSHOP_TOASTS.updated,
            description: updated.isFeatured ? `${describe(updated)} is now the featured workshop.` : `${describe(updated)} is no longer featured.`,
          }),
        onError: (error) =>
          toast({ title: WORKSHOP_TOASTS.errorTitle, description: failureDescription(WORKSHOP_TOASTS.featuredFailed, error), variant: 'destructive' }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    deleteWorkshop.mutate(deleting.id, {
      onSuccess: (result) => {
        setDeleting(null);
        toast(
          result.deleted
            ? { title: WORKSHOP_TOASTS.deleted, description: result.message }
            : { title: WORKSHOP_TOASTS.updated, description: result.message },
        );
      },
      onError: (error) =>
        toast({ title: WORKSHOP_TOASTS.errorTitle, description: failureDescription(WORKSHOP_TOASTS.deleteFailed, error), variant: 'destructive' }),
    });
  };

  const busyId = updateWorkshop.isPending ? (updateWorkshop.variables?.id ?? null) : deleteWorkshop.isPending ? (deleteWorkshop.variables ?? null) : null;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={smallButtonClasses('primary')} onClick={() => setEditing({ workshop: null })}>
          <Plus aria-hidden="true" className="size-4" />
          Add Workshop
        </button>
        <RefreshButton refreshing={refreshing} onRefresh={() => void refresh()} label="Refresh Data" />
        {csvActions}
      </div>

      {workshops.isPending ? (
        <div aria-busy="true">
          <span className="sr-only">Loading workshop dates…</span>
          <TableSkeleton />
        </div>
      ) : workshops.isError ? (
        <ErrorState message={WORKSHOP_TOASTS.loadFailed} onRetry={() => void workshops.refetch()} />
      ) : workshops.data.length === 0 ? (
        <EmptyState title="No workshops yet">Use Add Workshop to schedule the first date.</EmptyState>
      ) : (
        <WorkshopDatesTable
          workshops={workshops.data}
          busyId={busyId}
          onEdit={(workshop) => setEditing({ workshop })}
          onToggleActive={toggleActive}
          onToggleFeatured={toggleFeatured}
          onDelete={setDeleting}
        />
      )}

      <WorkshopFormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} workshop={editing?.workshop ?? null} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        // A date with bookings is kept for their history and taken off sale: the dialog says so.
        title={deleting && deleting.bookingsCount > 0 ? 'Deactivate this workshop?' : 'Delete this workshop?'}
        description={
          deleting
            ? deleting.bookingsCount > 0
              ? `${describe(deleting)} has ${deleting.bookingsCount} booking${deleting.bookingsCount === 1 ? '' : 's'}, so it will be deactivated instead of deleted.`
              : `${describe(deleting)} will be removed for good.`
            : ''
        }
        confirmLabel={deleting && deleting.bookingsCount > 0 ? 'Deactivate' : 'Delete'}
        onConfirm={confirmDelete}
        busy={deleteWorkshop.isPending}
      />
    </div>
  );
}
