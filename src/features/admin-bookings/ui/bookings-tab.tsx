import { Download, Mail, X } from 'lucide-react';
import { memo, useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { Badge } from '../../../client/components/ui/badge';
import { DataTable, ListStates, Pagination, Td, Th } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { FilterSelect } from '../../../client/components/ui/form';
import { SearchBox, useSearchedPages } from '../../../client/components/ui/search-box';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { formatUsd } from '../../../common/money';
import { EXPORT_NONE_AVAILABLE, EXPORT_NONE_SELECTED, type AdminBooking } from '../admin-bookings.schema';
import {
  buyerNote,
  dateOptions,
  hasFilters,
  isPaymentFilter,
  isStatusFilter,
  matchesFilters,
  NO_FILTERS,
  PAYMENT_OPTIONS,
  paymentLine,
  seatOfOrder,
  seatPositions,
  STATUS_OPTIONS,
  type BookingFilters,
} from '../booking-filters';
import { bookingSearchText, bookingStateLabel, filterBookings, fullName, workshopWhen, type BookingAction } from '../booking-labels';
import { useExportEmails } from './api/export-emails';
import { useAdminBookings } from './api/get-admin-bookings';
import { useResendConfirmation } from './api/resend-confirmation';
import { useUpdateAttendance } from './api/update-attendance';
import { BookingRowActions } from './components/booking-row-actions';
import { CancelBookingDialog } from './components/cancel-booking-dialog';
import { DeleteBookingDialog } from './components/delete-booking-dialog';
import { ExportedEmailsDialog } from './components/exported-emails-dialog';
import { MarkPaidDialog } from './components/mark-paid-dialog';
import { MoveBookingDialog } from './components/move-booking-dialog';
import { OrderDialog, type OpenedOrder } from './components/order-dialog';
import { stateTone } from './components/order-details';

const bookedOn = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

type RowProps = {
  booking: AdminBooking;
  /** Its place among its order's seats in the list (1 for the first). */
  seatPosition: number | undefined;
  selected: boolean;
  attendanceBusy: boolean;
  actionBusy: boolean;
  onSelect: (id: number, selected: boolean) => void;
  onAttendance: (booking: AdminBooking, hasAttended: boolean, onSettled: () => void) => void;
  onAction: (action: BookingAction, booking: AdminBooking) => void;
  onOpenOrder: (order: OpenedOrder) => void;
};

/**
 * One booking; memoised so ticking one row does not re-render the other 49 on the page. The
 * columns a laptop (1280 px, beside the sidebar and the pinned actions) must show without
 * scrolling come first and wrap within a set width: who, the payment, the order.
 */
const BookingRow = memo(function BookingRow({ booking, seatPosition, selected, attendanceBusy, actionBusy, onSelect, onAttendance, onAction, onOpenOrder }: RowProps) {
  const name = fullName(booking);
  const state = bookingStateLabel(booking);
  const date = booking.workshopDate;
  const bought = buyerNote(booking);
  // What the click asked for, shown at once: the cached list takes a moment to change, and a
  // controlled checkbox would spring back meanwhile. It gives way as soon as the list changes,
  // and is dropped once the server has answered (a refusal shows the old value again).
  const [asked, setAsked] = useState<{ from: boolean; to: boolean } | null>(null);
  const attended = asked && asked.from === booking.hasAttended ? asked.to : booking.hasAttended;
  return (
    <tr className={selected ? 'bg-accent/15' : undefined}>
      <Td>
        <label className="-m-2 inline-flex size-11 cursor-pointer items-center justify-center">
          <input
            type="checkbox"
            className="size-5 accent-ink"
            aria-label={`Select booking: ${name}`}
            checked={selected}
            onChange={(event) => onSelect(booking.id, event.target.checked)}
          />
        </label>
      </Td>
      <Td className="font-bold">
        <div className="max-w-32">{name}</div>
      </Td>
      <Td>
        <div className="max-w-44">
          <a href={`mailto:${booking.email}`} className="break-all underline decoration-2 underline-offset-2">
            {booking.email}
          </a>
        </div>
      </Td>
      <Td>
        <Badge tone={stateTone[state]}>{state}</Badge>
        <span className="mt-0.5 block text-xs whitespace-nowrap text-ink-soft tabular-nums">
          {formatUsd(booking.finalPrice)}
          {booking.discountCode ? <> · code {booking.discountCode}</> : null}
        </span>
        <span className="block text-xs font-semibold whitespace-nowrap tabular-nums">{paymentLine(booking)}</span>
      </Td>
      <Td>
        <div className="max-w-36">
          <button
            type="button"
            className="-mx-1 inline-flex min-h-8 items-center rounded-brutal px-1 font-mono font-bold whitespace-nowrap underline decoration-2 underline-offset-2 hover:bg-paper-deep"
            aria-label={`Order ${booking.orderReference}: show the order`}
            title="Show the order"
            onClick={(event) => onOpenOrder({ orderId: booking.orderId, reference: booking.orderReference, from: event.currentTarget })}
          >
            {booking.orderReference}
          </button>
          <span className="block text-xs text-ink-soft">{seatOfOrder(seatPosition, booking.orderSeats)}</span>
          {bought ? <span className="block text-xs break-words text-ink-soft">{bought}</span> : null}
        </div>
      </Td>
      <Td>
        <div className="max-w-56">
          {date ? (
            <>
              <span className="block font-semibold">{date.title}</span>
              <span className="block text-xs text-ink-soft">{workshopWhen(date)}</span>
            </>
          ) : (
            <span className="text-ink-soft">Workshop #{booking.workshopDateId}</span>
          )}
        </div>
      </Td>
      <Td>
        <div className="max-w-40">{booking.company || <span className="text-ink-soft">—</span>}</div>
      </Td>
      <Td>
        <label className="-m-2 inline-flex min-h-11 cursor-pointer items-center gap-2 p-2">
          <input
            type="checkbox"
            className="size-5 accent-ink"
            aria-label={`Attended: ${name}`}
            checked={attended}
            disabled={attendanceBusy}
            onChange={(event) => {
              setAsked({ from: booking.hasAttended, to: event.target.checked });
              onAttendance(booking, event.target.checked, () => setAsked(null));
            }}
          />
          <span aria-hidden="true" className="text-xs font-bold">
            {attended ? 'Yes' : 'No'}
          </span>
        </label>
      </Td>
      <Td className="whitespace-nowrap">
        <time dateTime={booking.createdAt}>{bookedOn.format(new Date(booking.createdAt))}</time>
      </Td>
      <Td>
        <BookingRowActions booking={booking} busy={actionBusy} onAction={onAction} />
      </Td>
    </tr>
  );
});

/** The three filters above the table: date, status, payment; and a way back to everything. */
function BookingFiltersBar({ bookings, filters, onChange }: { bookings: readonly AdminBooking[]; filters: BookingFilters; onChange: (filters: BookingFilters) => void }) {
  const id = useId();
  const dates = useMemo(() => dateOptions(bookings), [bookings]);
  // A date chosen earlier stays a choice while it is chosen, even when its last booking went.
  const dateChoices = filters.date === 'all' || dates.some((option) => option.value === filters.date) ? dates : [...dates, { value: filters.date, label: `Workshop #${filters.date}` }];
  return (
    <div className="mb-4 flex flex-wrap items-end gap-3" role="group" aria-label="Filter bookings">
      <FilterSelect
        id={`${id}-date`}
        label="Workshop date"
        className="w-full sm:w-72"
        value={filters.date}
        options={dateChoices}
        onChange={(date) => onChange({ ...filters, date })}
      />
      <FilterSelect
        id={`${id}-status`}
        label="Status"
        className="w-full sm:w-44"
        value={filters.status}
        options={STATUS_OPTIONS}
        onChange={(status) => {
          if (isStatusFilter(status)) onChange({ ...filters, status });
        }}
      />
      <FilterSelect
        id={`${id}-payment`}
        label="Payment"
        className="w-full sm:w-52"
        value={filters.payment}
        options={PAYMENT_OPTIONS}
        onChange={(payment) => {
          if (isPaymentFilter(payment)) onChange({ ...filters, payment });
        }}
      />
      {hasFilters(filters) ? (
        <button type="button" className={smallButtonClasses('ghost')} onClick={() => onChange(NO_FILTERS)}>
          <X aria-hidden="true" className="size-4" />
          Clear filters
        </button>
      ) : null}
    </div>
  );
}

/**
 * The Bookings tab: every booking with its payment, its order and attendance,
 * the row actions (cancel with a refund, resend the confirmation, move, mark paid, delete), the
 * order behind a booking, filters by date, status and payment, and export of e-mail addresses. A
 * list of 5,000 stays quick: the search index is built once per list, the filters and the search
 * narrow it in one pass each (the search deferred while typing), and only one page of rows is rendered.
 */
/** `csvActions`: the CSV download and import buttons, handed in by the admin area (admin-csv sits above this feature). */
export default function BookingsTab({ csvActions }: { csvActions?: ReactNode }) {
  const bookingsQuery = useAdminBookings();
  const bookings = bookingsQuery.data;
  const attendance = useUpdateAttendance();
  const resending = useResendConfirmation();
  const exporting = useExportEmails();

  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // The one dialog open at a time, for one booking.
  const [open, setOpen] = useState<{ action: Exclude<BookingAction, 'resend'>; booking: AdminBooking } | null>(null);
  const [exported, setExported] = useState<string[] | null>(null);
  const [order, setOrder] = useState<OpenedOrder | null>(null);
  const [filters, setFilters] = useState<BookingFilters>(NO_FILTERS);

  const indexed = useMemo(() => (bookings ?? []).map((booking) => ({ booking, text: bookingSearchText(booking) })), [bookings]);
  const filtered = useMemo(() => (hasFilters(filters) ? indexed.filter((row) => matchesFilters(row.booking, filters)) : indexed), [indexed, filters]);
  const positions = useMemo(() => seatPositions(bookings ?? []), [bookings]);
  const { search, matches, pagination } = useSearchedPages(filtered, filterBookings<AdminBooking>);
  const { pageRows } = pagination;
  const changeFilters = (next: BookingFilters) => {
    setFilters(next);
    pagination.setPage(0);
  };

  const onSelect = useCallback((id: number, isSelected: boolean) => {
    setSelected((current) => {
      const next = new Set(current);
      if (isSelected) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);

  const pageSelected = pageRows.filter((booking) => selected.has(booking.id)).length;
  const allPageSelected = pageRows.length > 0 && pageSelected === pageRows.length;
  const selectPage = (isSelected: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const booking of pageRows) {
        if (isSelected) next.add(booking.id);
        else next.delete(booking.id);
      }
      return next;
    });

  const { mutate: mutateAttendance } = attendance;
  const onAttendance = useCallback(
    (booking: AdminBooking, hasAttended: boolean, onSettled: () => void) =>
      mutateAttendance(
        { id: booking.id, hasAttended },
        {
          onSettled,
          onSuccess: () =>
            toast({ title: 'Attendance Updated', description: `${fullName(booking)} is marked as ${hasAttended ? 'attended' : 'not attended'}.` }),
          onError: () => toast({ title: 'Error', description: 'Failed to update attendance', variant: 'destructive' }),
        },
      ),
    [mutateAttendance],
  );

  const { mutate: resend } = resending;
  const onAction = useCallback(
    (action: BookingAction, booking: AdminBooking) => {
      if (action !== 'resend') {
        setOpen({ action, booking });
        return;
      }
      resend(booking.id, {
        // The server's words: sent again, or not, because it went out less than a minute ago.
        onSuccess: (result) => toast({ title: 'Confirmation Sent', description: result.message }),
        onError: (error) => failureToast('Failed to resend confirmation', error),
      });
    },
    [resend],
  );
  const dialogFor = (action: Exclude<BookingAction, 'resend'>) => (open?.action === action ? open.booking : null);
  const closeDialog = () => setOpen(null);
  const onDeleted = (booking: AdminBooking) =>
    setSelected((current) => {
      if (!current.has(booking.id)) return current;
      const next = new Set(current);
      next.delete(booking.id);
      return next;
    });

  const runExport = (bookingIds: number[]) =>
    exporting.mutate(bookingIds, {
      onSuccess: ({ emails, count }) => {
        toast({ title: 'Emails Exported', description: `${count} unique email ${count === 1 ? 'address' : 'addresses'} exported.` });
        setExported(emails);
      },
      onError: () => toast({ title: 'Error', description: 'Failed to export emails', variant: 'destructive' }),
    });
  const exportSelected = () => {
    if (selected.size === 0) {
      toast({ title: 'No Bookings Selected', description: EXPORT_NONE_SELECTED, variant: 'destructive' });
      return;
    }
    runExport([...selected]);
  };
  const exportAll = () => {
    if (!bookings || bookings.length === 0) {
      toast({ title: 'No Bookings Available', description: EXPORT_NONE_AVAILABLE, variant: 'destructive' });
      return;
    }
    runExport(bookings.map((booking) => booking.id));
  };

  const attendanceBusyId = attendance.isPending ? attendance.variables?.id : undefined;
  const resendingId = resending.isPending ? resending.variables : undefined;

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <SearchBox label="Search bookings" placeholder="Search by name, email, workshop or order" {...search} />
        <button type="button" className={smallButtonClasses('secondary')} onClick={exportSelected} disabled={exporting.isPending}>
          <Mail aria-hidden="true" className="size-4" />
          Export Selected Emails
        </button>
        <button type="button" className={smallButtonClasses('secondary')} onClick={exportAll} disabled={exporting.isPending}>
          <Download aria-hidden="true" className="size-4" />
          Export All Emails
        </button>
        {csvActions}
        <p className="text-sm text-ink-soft" aria-live="polite">
          {selected.size > 0 ? `${selected.size.toLocaleString('en-US')} selected` : null}
        </p>
      </div>
      <BookingFiltersBar bookings={bookings ?? []} filters={filters} onChange={changeFilters} />

      <ListStates
        query={bookingsQuery}
        loadingLabel="Loading bookings"
        loadFailed="Failed to load bookings. Please try again."
        empty={
          bookings?.length === 0
            ? { title: 'No bookings yet', children: 'Bookings appear here as soon as someone books a seat.' }
            : matches.length === 0
              ? hasFilters(filters) && search.value.trim() === ''
                ? { title: 'No bookings match these filters', children: 'Choose another date, status or payment, or clear the filters.' }
                : { title: 'No bookings match your search', children: hasFilters(filters) ? 'Try other words, or clear the filters.' : 'Try a name, an email address, a workshop title or an order reference.' }
              : null
        }
      >
        <DataTable label="Bookings" actions>
          <thead>
            <tr>
              <Th className="w-12">
                <label className="-m-2 inline-flex size-11 cursor-pointer items-center justify-center">
                  <input
                    type="checkbox"
                    className="size-5 accent-ink"
                    aria-label="Select all bookings on this page"
                    checked={allPageSelected}
                    ref={(element) => {
                      if (element) element.indeterminate = pageSelected > 0 && !allPageSelected;
                    }}
                    onChange={(event) => selectPage(event.target.checked)}
                  />
                </label>
              </Th>
              <Th>Name</Th>
              <Th>Email</Th>
              <Th>Payment</Th>
              <Th>Order</Th>
              <Th>Workshop</Th>
              <Th>Company</Th>
              <Th>Attended</Th>
              <Th>Date Booked</Th>
              <Th>Actions</Th>
            </tr>
          </thead>
          <tbody>
            {pageRows.map((booking) => (
              <BookingRow
                key={booking.id}
                booking={booking}
                seatPosition={positions.get(booking.id)}
                selected={selected.has(booking.id)}
                attendanceBusy={attendanceBusyId === booking.id}
                actionBusy={resendingId === booking.id}
                onSelect={onSelect}
                onAttendance={onAttendance}
                onAction={onAction}
                onOpenOrder={setOrder}
              />
            ))}
          </tbody>
        </DataTable>
        <Pagination {...pagination} noun="bookings" />
      </ListStates>

      <CancelBookingDialog booking={dialogFor('cancel')} onClose={closeDialog} />
      <MoveBookingDialog booking={dialogFor('move')} onClose={closeDialog} />
      <MarkPaidDialog booking={dialogFor('markPaid')} onClose={closeDialog} />
      <DeleteBookingDialog booking={dialogFor('delete')} onClose={closeDialog} onDeleted={onDeleted} />
      <ExportedEmailsDialog emails={exported} onClose={() => setExported(null)} />
      <OrderDialog opened={order} onClose={() => setOrder(null)} />
    </div>
  );
}

