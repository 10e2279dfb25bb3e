import { Star } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { RefreshButton } from '../../../client/components/ui/refresh-button';
import { DeleteConfirmation, ResourceTable, ResourceToolbar, type Column } from '../../../client/components/ui/resource-view';
import { toast } from '../../../client/components/ui/toast-store';
import { useAdminResource, useResourceEditor, type ResourceTexts } from '../../../client/lib/admin-resource';
import type { AdminWorkshopDate, DeleteWorkshopDateResult, WorkshopDateUpdate, WorkshopForm } from '../admin-workshops.schema';
import { workshopDatesResource } from './api/workshop-dates-resource';
import { WorkshopFormDialog } from './components/workshop-form-dialog';
import { WorkshopRowActions } from './components/workshop-row-actions';
import { CallOffDialog } from './components/call-off-dialog';
import { RepeatDialog } from './components/repeat-dialog';
import { PollDialog } from './poll/poll-dialog';
import { useDuplicateDate } from './api/date-actions';
import { WaitlistDialog, type OpenedWaitlist } from './waitlist/waitlist-dialog';
import { failureDescription, loadedDescription, WORKSHOP_TOASTS } from './workshop-texts';
import { withWeekday } from '../../../common/dates';

const notifiedText = (count: number) => (count === 1 ? '1 participant was e-mailed what changed.' : `${count} participants were e-mailed what changed.`);

const describe = (workshop: AdminWorkshopDate) => `${workshop.title} (${workshop.isTBC ? 'TBC' : workshop.date})`;

const TEXTS: ResourceTexts<AdminWorkshopDate, DeleteWorkshopDateResult> = {
  created: () => ({ title: WORKSHOP_TOASTS.created, description: 'The new workshop date has been added.' }),
  updated: (workshop) => ({ title: WORKSHOP_TOASTS.updated, description: `The workshop details have been saved.${workshop.notified ? ` ${notifiedText(workshop.notified)}` : ''}` }),
  // A date with bookings is kept and deactivated: the server says which.
  deleted: (_workshop, result) => ({ title: result.deleted ? WORKSHOP_TOASTS.deleted : WORKSHOP_TOASTS.updated, description: result.message }),
  createFailed: WORKSHOP_TOASTS.createFailed,
  updateFailed: WORKSHOP_TOASTS.editFailed,
  deleteFailed: WORKSHOP_TOASTS.deleteFailed,
  // 'Error', then what failed with the server's reason (spec §8's wording).
  failure: (text, error) => ({ title: WORKSHOP_TOASTS.errorTitle, description: failureDescription(text, error), variant: 'destructive' }),
};

/** '499' or '4.50': the column header already says ($). */
function priceText(price: number): string {
  return Number.isInteger(price) ? price.toLocaleString('en-US') : price.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Also an older row saved without a date or time reads as TBC, as visitors see it. */
const isTbc = (workshop: AdminWorkshopDate) => workshop.isTBC || !workshop.date || !workshop.time;

/** Columns exactly as spec §2: Date, Time, Timezone, Seats, Price ($), Status, Featured, Actions. */
const COLUMNS: Column<AdminWorkshopDate>[] = [
  {
    header: 'Date',
    cell: (workshop) => (
      <>
        <span className="block font-bold whitespace-nowrap">{isTbc(workshop) ? 'TBC' : withWeekday(workshop.date)}</span>
        <span className="block max-w-64 truncate text-xs text-ink-soft" title={workshop.title}>
          {workshop.title}
        </span>
      </>
    ),
  },
  {
    header: 'Time',
    className: 'whitespace-nowrap',
    cell: (workshop) => (
      <>
        {isTbc(workshop) ? 'TBC' : workshop.time}
        {!isTbc(workshop) && workshop.endsNextDay ? <span className="block text-xs text-ink-soft">ends the next day</span> : null}
      </>
    ),
  },
  {
    header: 'Timezone',
    className: 'whitespace-nowrap',
    cell: (workshop) => (
      <>
        {workshop.timezone}
        {/* The abbreviation in force that day, when it differs from what was typed ('PST' in July is PDT). */}
        {workshop.timeZoneAbbreviation && workshop.timeZoneAbbreviation !== workshop.timezone ? (
          <span className="block text-xs text-ink-soft">{workshop.timeZoneAbbreviation} that day</span>
        ) : null}
      </>
    ),
  },
  {
    header: 'Seats',
    className: 'whitespace-nowrap tabular-nums',
    cell: (workshop) => (
      <>
        {workshop.seatsTaken} / {workshop.seatsTotal}
        {workshop.waitlistCount > 0 ? <span className="block text-xs font-bold">{workshop.waitlistCount} waiting</span> : null}
      </>
    ),
  },
  { header: 'Price ($)', className: 'tabular-nums', cell: (workshop) => priceText(workshop.price) },
  { header: 'Status', cell: (workshop) => (workshop.isActive ? <Badge tone="success">Active</Badge> : <Badge tone="paper">Inactive</Badge>) },
  {
    header: 'Featured',
    cell: (workshop) =>
      workshop.isFeatured ? (
        <Badge tone="accent">
          <Star aria-hidden="true" className="size-3.5 fill-current" />
          Featured
        </Badge>
      ) : (
        <span className="text-ink-soft">
          <span aria-hidden="true">—</span>
          <span className="sr-only">Not featured</span>
        </span>
      ),
  },
];

/** The Workshops tab: every workshop date, with create, edit, toggles and delete. */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function WorkshopsTab({ csvActions }: { csvActions?: ReactNode }) {
  const resource = useAdminResource<AdminWorkshopDate, WorkshopForm, WorkshopDateUpdate, DeleteWorkshopDateResult>(workshopDatesResource);
  const editor = useResourceEditor(resource, TEXTS);
  const [refreshing, setRefreshing] = useState(false);
  const [waitlist, setWaitlist] = useState<OpenedWaitlist | null>(null);
  const [callingOff, setCallingOff] = useState<AdminWorkshopDate | null>(null);
  const [repeating, setRepeating] = useState<AdminWorkshopDate | null>(null);
  const [polling, setPolling] = useState<AdminWorkshopDate | null>(null);
  const duplicate = useDuplicateDate();
  const duplicateDate = (workshop: AdminWorkshopDate) =>
    duplicate.mutate(workshop.id, {
      onSuccess: () => toast({ title: WORKSHOP_TOASTS.created, description: `A copy of ${describe(workshop)} was added, off sale: edit it, then activate it.` }),
      onError: (error) => toast({ title: WORKSHOP_TOASTS.errorTitle, description: failureDescription(WORKSHOP_TOASTS.createFailed, error), variant: 'destructive' }),
    });
  // The date as last read, so its seats follow an offer made from the open list.
  const waitlistDate = waitlist ? { ...waitlist, workshop: resource.list.data?.find((row) => row.id === waitlist.workshop.id) ?? waitlist.workshop } : null;

  // One toast per failed read (on entry, on refresh, after a change).
  const { isError, errorUpdatedAt } = resource.list;
  useEffect(() => {
    if (isError) toast({ title: WORKSHOP_TOASTS.errorTitle, description: WORKSHOP_TOASTS.loadFailed, variant: 'destructive' });
  }, [isError, errorUpdatedAt]);

  const refresh = async () => {
    setRefreshing(true);
    const result = await resource.list.refetch();
    setRefreshing(false);
    if (result.isSuccess) toast({ title: WORKSHOP_TOASTS.loadedTitle, description: loadedDescription(result.data.length) });
  };

  const toggleActive = (workshop: AdminWorkshopDate) =>
    editor.change(
      workshop,
      { isActive: !workshop.isActive },
      (updated) => ({ title: WORKSHOP_TOASTS.updated, description: `${describe(updated)} is now ${updated.isActive ? 'active' : 'inactive'}.` }),
      WORKSHOP_TOASTS.statusFailed,
    );

  const toggleFeatured = (workshop: AdminWorkshopDate) =>
    editor.change(
      workshop,
      { isFeatured: !workshop.isFeatured },
      (updated) => ({
        title: WORKSHOP_TOASTS.updated,
        description: updated.isFeatured ? `${describe(updated)} is now the featured workshop.` : `${describe(updated)} is no longer featured.`,
      }),
      WORKSHOP_TOASTS.featuredFailed,
    );

  const { deletion } = editor;
  const busy = (workshop: AdminWorkshopDate) => editor.changingId === workshop.id || (deletion.busy && deletion.row?.id === workshop.id);
  const booked = (workshop: AdminWorkshopDate) => workshop.bookingsCount > 0;

  return (
    <div>
      <ResourceToolbar add={{ label: 'Add Workshop', onClick: editor.openNew }}>
        <div className="flex flex-wrap items-center gap-2">
          <RefreshButton refreshing={refreshing} onRefresh={() => void refresh()} label="Refresh Data" />
          {csvActions}
        </div>
      </ResourceToolbar>

      <ResourceTable
        resource={resource}
        label="Workshop dates"
        noun="workshops"
        loadFailed={WORKSHOP_TOASTS.loadFailed}
        empty={{ title: 'No workshops yet', children: 'Use Add Workshop to schedule the first date.' }}
        columns={COLUMNS}
        rowActions={(workshop) => (
          <WorkshopRowActions
            workshop={workshop}
            busy={busy(workshop)}
            onEdit={() => editor.openEdit(workshop)}
            onToggleActive={() => toggleActive(workshop)}
            onToggleFeatured={() => toggleFeatured(workshop)}
            onDelete={() => deletion.ask(workshop)}
            onWaitlist={(from) => setWaitlist({ workshop, from })}
            dateChanges={{ onCallOff: () => setCallingOff(workshop), onDuplicate: () => duplicateDate(workshop), onRepeat: () => setRepeating(workshop), onPoll: () => setPolling(workshop) }}
          />
        )}
      />

      <WaitlistDialog opened={waitlistDate} onClose={() => setWaitlist(null)} onAddDate={editor.openNew} />
      <CallOffDialog workshop={callingOff} onClose={() => setCallingOff(null)} />
      <RepeatDialog workshop={repeating} onClose={() => setRepeating(null)} />
      <PollDialog workshop={polling} onClose={() => setPolling(null)} />

      <WorkshopFormDialog key={editor.opening} {...editor.form} onSubmit={({ values, onRefused, notifyParticipants }) => editor.save(values, { onRefused, changes: notifyParticipants ? { ...values, notifyParticipants } : undefined })} />

      {/* A date with bookings is kept for their history and taken off sale: the dialog says so. */}
      <DeleteConfirmation
        deletion={deletion}
        title={(workshop) => (booked(workshop) ? 'Deactivate this workshop?' : 'Delete this workshop?')}
        description={(workshop) =>
          booked(workshop)
            ? `${describe(workshop)} has ${workshop.bookingsCount} booking${workshop.bookingsCount === 1 ? '' : 's'}, so it will be deactivated instead of deleted.`
            : `${describe(workshop)} will be removed for good.`
        }
        verb={(workshop) => (booked(workshop) ? { label: 'Deactivate', busy: 'Deactivating…' } : { label: 'Delete', busy: 'Deleting…' })}
      />
    </div>
  );
}
