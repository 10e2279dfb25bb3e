import { ArrowLeft, CheckCheck, Copy, Download } from 'lucide-react';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'wouter';
import { Badge, type BadgeTone } from '../../../client/components/ui/badge';
import { DataTable, EmptyState, ErrorState, TableHead, Td } from '../../../client/components/ui/data-table';
import { smallButtonClasses } from '../../../client/components/ui/dialog';
import { SearchBox } from '../../../client/components/ui/search-box';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { failureToast, toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { useMediaQuery } from '../../../client/lib/use-media-query';
import type { RosterAttendee, RosterDate, RosterPayment } from '../roster.schema';
import { rosterCsvUrl, useCheckIn, useMarkAllPresent, useRoster } from './api/roster';
import { distinctEmails, filterRoster, fullName, joinedText, PAYMENT_LABELS, ROSTER_TEXTS, rosterCounts, rosterWhen } from './roster-view';

const PAYMENT_TONES: Record<RosterPayment, BadgeTone> = { paid: 'success', free: 'accent', unpaid: 'paper' };
const HEADERS = ['Present', 'Name', 'E-mail', 'Company', 'Payment', 'Order', 'Joined'] as const;

type SeatProps = { seat: RosterAttendee; date: RosterDate; onCheck: (seat: RosterAttendee, present: boolean) => void };

/** The attendance box of one seat: a native checkbox, so a click and Space both work. */
function PresentBox({ seat, onCheck }: Omit<SeatProps, 'date'>) {
  return (
    <label className="-m-2 inline-flex min-h-11 cursor-pointer items-center gap-2 p-2">
      <input
        type="checkbox"
        data-roster-check
        className="size-5 accent-ink"
        aria-label={`Present: ${fullName(seat)}`}
        checked={seat.hasAttended}
        onChange={(event) => onCheck(seat, event.target.checked)}
      />
      <span aria-hidden="true" className="text-xs font-bold">
        {seat.hasAttended ? 'Yes' : 'No'}
      </span>
    </label>
  );
}

function PaymentBadge({ seat }: { seat: RosterAttendee }) {
  return <Badge tone={PAYMENT_TONES[seat.payment]}>{seat.status === 'reserved' ? 'Reserved · unpaid' : PAYMENT_LABELS[seat.payment]}</Badge>;
}

function Joined({ seat, date }: Omit<SeatProps, 'onCheck'>) {
  const text = joinedText(seat.joinedAt, date);
  if (!text) return <span className="text-ink-soft">Not joined yet</span>;
  return <time dateTime={seat.joinedAt!}>{text}</time>;
}

function RosterTable({ seats, date, onCheck }: { seats: RosterAttendee[]; date: RosterDate; onCheck: SeatProps['onCheck'] }) {
  return (
    <DataTable label="Roster">
      <TableHead headers={HEADERS} />
      <tbody>
        {seats.map((seat) => (
          <tr key={seat.bookingId} className={seat.hasAttended ? 'bg-success-soft/40' : undefined}>
            <Td>
              <PresentBox seat={seat} onCheck={onCheck} />
            </Td>
            <Td className="font-bold whitespace-nowrap">{fullName(seat)}</Td>
            <Td className="whitespace-nowrap">{seat.email}</Td>
            <Td>{seat.company || <span className="text-ink-soft">—</span>}</Td>
            <Td>
              <PaymentBadge seat={seat} />
            </Td>
            <Td className="font-mono text-xs whitespace-nowrap">{seat.orderReference}</Td>
            <Td className="whitespace-nowrap">
              <Joined seat={seat} date={date} />
            </Td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** On a phone: one card per seat, the box first so a thumb ticks it. */
function RosterCards({ seats, date, onCheck }: { seats: RosterAttendee[]; date: RosterDate; onCheck: SeatProps['onCheck'] }) {
  return (
    <ul aria-label="Roster" className="space-y-2">
      {seats.map((seat) => (
        <li key={seat.bookingId} className={`rounded-brutal border-2 border-ink p-3 ${seat.hasAttended ? 'bg-success-soft/40' : 'bg-white'}`}>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-bold">{fullName(seat)}</p>
              <p className="truncate text-sm">{seat.email}</p>
              {seat.company ? <p className="text-sm text-ink-soft">{seat.company}</p> : null}
            </div>
            <PresentBox seat={seat} onCheck={onCheck} />
          </div>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <PaymentBadge seat={seat} />
            <span className="font-mono text-xs">Order {seat.orderReference}</span>
            <Joined seat={seat} date={date} />
          </div>
        </li>
      ))}
    </ul>
  );
}

function Count({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="rounded-brutal border-2 border-ink bg-white px-3 py-2 sm:px-4">
      <dt className="text-xs font-extrabold tracking-label uppercase">{label}</dt>
      <dd className="text-2xl font-extrabold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * j / k or the arrow keys move from one seat's box to the next, so a whole room is checked in
 * from the keyboard (Space ticks the box in focus).
 */
function moveBetweenSeats(event: KeyboardEvent<HTMLElement>) {
  const step = event.key === 'j' || event.key === 'ArrowDown' ? 1 : event.key === 'k' || event.key === 'ArrowUp' ? -1 : 0;
  if (step === 0 || event.altKey || event.ctrlKey || event.metaKey) return;
  const boxes = [...event.currentTarget.querySelectorAll<HTMLInputElement>('input[data-roster-check]')];
  if (boxes.length === 0) return;
  const at = boxes.indexOf(document.activeElement as HTMLInputElement);
  event.preventDefault();
  boxes[at === -1 ? 0 : Math.min(boxes.length - 1, Math.max(0, at + step))]!.focus();
}

function RosterSkeleton() {
  return (
    <LoadingRegion label="Loading the roster" className="space-y-3">
      <Skeleton className="h-8 w-72" />
      <div className="flex gap-3">
        <Skeleton className="h-16 w-32" />
        <Skeleton className="h-16 w-32" />
        <Skeleton className="h-16 w-32" />
      </div>
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-11 w-full" />
      ))}
    </LoadingRegion>
  );
}

/**
 * A date's roster (docs/decisions/020-roster-and-join-links.md), /admin/workshops/{id}/roster:
 * who holds a seat, check-in by click or keyboard, everyone present at once, the CSV and the
 * addresses. A table from tablet width, cards on a phone.
 */
export default function RosterPage() {
  const params = useParams<{ id: string }>();
  const workshopDateId = Number(params.id);
  const roster = useRoster(workshopDateId);
  const checkIn = useCheckIn(workshopDateId);
  const markAll = useMarkAllPresent(workshopDateId);
  const [query, setQuery] = useState('');
  const wide = useMediaQuery('(min-width: 768px)');

  const attendees = roster.data?.attendees;
  const seats = useMemo(() => filterRoster(attendees ?? [], query), [attendees, query]);
  const counts = rosterCounts(attendees ?? []);

  const onCheck = (seat: RosterAttendee, present: boolean) =>
    checkIn.mutate({ bookingId: seat.bookingId, hasAttended: present }, { onError: (error) => failureToast(ROSTER_TEXTS.checkInFailed, error) });

  const onMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: (result) => toast({ title: 'Everyone is marked present', description: `${result.updated} ${result.updated === 1 ? 'seat' : 'seats'} marked present.` }),
      onError: (error) => failureToast(ROSTER_TEXTS.markAllFailed, error),
    });

  const onCopy = async () => {
    const emails = distinctEmails(attendees ?? []);
    try {
      await navigator.clipboard.writeText(emails.join(', '));
      toast({ title: 'E-mails copied', description: `${emails.length} ${emails.length === 1 ? 'address' : 'addresses'} copied to the clipboard.` });
    } catch {
      toast({ title: 'Error', description: ROSTER_TEXTS.copyFailed, variant: 'destructive' });
    }
  };

  const back = (
    <Link href="/admin?tab=workshops" className="inline-flex min-h-11 items-center gap-1.5 text-sm font-bold underline-offset-4 hover:underline">
      <ArrowLeft aria-hidden="true" className="size-4" />
      Workshops
    </Link>
  );

  if (!Number.isInteger(workshopDateId) || workshopDateId <= 0) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
        {back}
        <ErrorState message="This is not a workshop date's roster." />
      </div>
    );
  }

  const date = roster.data?.workshopDate;
  const everyonePresent = (attendees?.length ?? 0) > 0 && counts.present === attendees?.length;

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      {back}
      {roster.isPending ? (
        <RosterSkeleton />
      ) : roster.isError || !date ? (
        <ErrorState message={refusalMessage(roster.error) ?? ROSTER_TEXTS.loadFailed} onRetry={() => void roster.refetch()} />
      ) : (
        <>
          <header className="mt-2 mb-4">
            <p className="text-xs font-extrabold tracking-label uppercase">Roster</p>
            <h1 className="text-2xl font-extrabold sm:text-3xl">
              {date.title}
            </h1>
            <p className="text-ink-soft">{rosterWhen(date)}</p>
          </header>

          <dl className="mb-4 grid grid-cols-3 gap-2 sm:flex sm:gap-3">
            <Count label="Confirmed" value={counts.confirmed} />
            <Count label="Reserved" value={counts.reserved} />
            <Count label="Present" value={`${counts.present} / ${attendees!.length}`} />
          </dl>

          <div className="mb-3 flex flex-wrap items-center gap-2">
            <SearchBox label="Search the roster" placeholder="Search name, e-mail or company" value={query} onChange={setQuery} />
            <button type="button" className={smallButtonClasses('primary')} onClick={onMarkAll} disabled={markAll.isPending || attendees!.length === 0 || everyonePresent}>
              <CheckCheck aria-hidden="true" className="size-4" />
              {markAll.isPending ? 'Marking…' : 'Mark all present'}
            </button>
            {attendees!.length > 0 ? (
              <a href={rosterCsvUrl(workshopDateId)} download className={smallButtonClasses('secondary')}>
                <Download aria-hidden="true" className="size-4" />
                Export CSV
              </a>
            ) : null}
            <button type="button" className={smallButtonClasses('secondary')} onClick={() => void onCopy()} disabled={attendees!.length === 0}>
              <Copy aria-hidden="true" className="size-4" />
              Copy all e-mails
            </button>
          </div>

          {attendees!.length === 0 ? (
            <EmptyState title={ROSTER_TEXTS.empty}>{ROSTER_TEXTS.emptyHint}</EmptyState>
          ) : seats.length === 0 ? (
            <EmptyState title={ROSTER_TEXTS.noMatch}>Try a shorter part of the name, e-mail or company.</EmptyState>
          ) : (
            <div onKeyDown={moveBetweenSeats}>
              <p className="mb-2 hidden text-xs text-ink-soft md:block">
                Tick a box or press Space to check someone in; <kbd>j</kbd>/<kbd>k</kbd> or the arrow keys move between people.
              </p>
              {wide ? <RosterTable seats={seats} date={date} onCheck={onCheck} /> : <RosterCards seats={seats} date={date} onCheck={onCheck} />}
            </div>
          )}
        </>
      )}
    </div>
  );
}
