import { ArrowRight, Video } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { ErrorState, ListStates } from '../../../client/components/ui/data-table';
import { Dialog, FormButtons, smallButtonClasses } from '../../../client/components/ui/dialog';
import { TextAreaField } from '../../../client/components/ui/form';
import { LoadingRegion, Skeleton } from '../../../client/components/ui/skeleton';
import { toast } from '../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../client/lib/api-client';
import { wallTime } from '../../../common/time-zones';
import { adminCancelCallSchema, type AdminCall } from '../calls.schema';
import { useCancelAdminCall } from './api/cancel-admin-call';
import { useAdminCalls } from './api/get-admin-calls';
import { callSpan } from './call-times';

/**
 * The organiser's booked follow-up calls (docs/decisions/023-follow-up-calls.md): Admin › Sales ›
 * Calls lists those still to come by day, in the organiser's zone, each with who and for which
 * workshop and a way to cancel it with a note to the participant; the Overview shows the next few.
 */

const EMPTY_TITLE = 'No calls booked yet';
const EMPTY_TEXT = 'Participants book their follow-up calls from their bookings page once their seat is confirmed.';

/** 'Mon, December 7, 2026' → the calls of that day, in order. */
function byDay(calls: AdminCall[], zone: string): [string, AdminCall[]][] {
  const days = new Map<string, AdminCall[]>();
  for (const call of calls) {
    const day = wallTime(new Date(call.startsAt), zone).day;
    days.set(day, [...(days.get(day) ?? []), call]);
  }
  return [...days.entries()];
}

const clockSpan = (call: AdminCall, zone: string) => {
  const start = wallTime(new Date(call.startsAt), zone);
  const end = wallTime(new Date(call.endsAt), zone);
  return `${start.clock} – ${end.clock} ${end.abbreviation}`;
};

/** 'Sun, Nov 29' on the organiser's calendar: the Overview's rows stay one line on a laptop. */
const shortDay = (instant: string, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(instant));

export default function AdminCallsPanel() {
  const calls = useAdminCalls();
  const [cancelling, setCancelling] = useState<AdminCall | null>(null);
  const zone = calls.data?.timeZone ?? 'UTC';
  return (
    <div className="min-w-0 space-y-4">
      <p className="text-sm text-ink-soft">Booked calls still to come, soonest first, in your time zone{calls.data ? ` (${calls.data.timeZone.replace(/_/g, ' ')})` : ''}.</p>
      <ListStates
        query={calls}
        loadingLabel="Loading booked calls…"
        skeleton={
          <div className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        }
        loadFailed="Could not load the calls."
        empty={calls.data?.calls.length === 0 ? { title: EMPTY_TITLE, children: EMPTY_TEXT } : null}
      >
        <div className="space-y-6">
          {byDay(calls.data?.calls ?? [], zone).map(([day, dayCalls]) => (
            <section key={day} aria-label={day} className="min-w-0">
              <h3 className="mb-2 font-extrabold">{day}</h3>
              <ul className="rounded-brutal border-2 border-ink bg-white">
                {dayCalls.map((call) => (
                  <li key={call.id} className="flex flex-col gap-3 border-b-2 border-paper-deep px-3 py-3 last:border-b-0 sm:flex-row sm:items-center sm:justify-between">
                    <div className="min-w-0 space-y-0.5 text-sm">
                      <p className="font-bold tabular-nums">
                        <time dateTime={call.startsAt}>{clockSpan(call, zone)}</time>
                      </p>
                      <p className="break-words">
                        <span className="font-semibold">{call.participantName}</span>{' '}
                        <a href={`mailto:${call.email}`} className="break-all underline decoration-2 underline-offset-2">
                          {call.email}
                        </a>
                      </p>
                      <p className="break-words text-ink-soft">{call.workshopTitle}</p>
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2">
                      {call.meetingLink ? (
                        <a href={call.meetingLink} target="_blank" rel="noopener noreferrer" className={smallButtonClasses('secondary')}>
                          <Video aria-hidden="true" className="size-4" />
                          Join<span className="sr-only"> the call with {call.participantName}</span>
                        </a>
                      ) : null}
                      <button type="button" className={smallButtonClasses('secondary')} onClick={() => setCancelling(call)}>
                        Cancel call<span className="sr-only"> with {call.participantName}, {day} {clockSpan(call, zone)}</span>
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      </ListStates>
      <CancelCallDialog call={cancelling} zone={zone} onClose={() => setCancelling(null)} />
    </div>
  );
}

/** The note's limits and message come from the shared schema of DELETE /api/admin/calls/{id}. */
const noteSchema = adminCancelCallSchema.unwrap().unwrap();

function CancelCallDialog({ call, zone, onClose }: { call: AdminCall | null; zone: string; onClose: () => void }) {
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Cancel this call?"
      description={call ? `${call.participantName}, ${callSpan(call.startsAt, call.endsAt, zone)}. They are e-mailed that it is cancelled and get the call back to book again.` : undefined}
    >
      {/* Keyed by the call: each opening starts with an empty note. */}
      {call ? <CancelCallForm key={call.id} call={call} onDone={onClose} /> : null}
    </Dialog>
  );
}

function CancelCallForm({ call, onDone }: { call: AdminCall; onDone: () => void }) {
  const id = useId();
  const cancelling = useCancelAdminCall();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = noteSchema.safeParse({ message: message.trim() || undefined });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the message.');
    setError(null);
    cancelling.mutate(
      { id: call.id, message: parsed.data.message },
      {
        onSuccess: ({ message: said }) => {
          toast({ title: 'Call cancelled', description: said });
          onDone();
        },
        onError: (failure) => setError(refusalMessage(failure) ?? 'Could not cancel the call. Please try again.'),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextAreaField
        id={`${id}-message`}
        label={`Message to ${call.participantName}`}
        optional
        rows={4}
        maxLength={2000}
        value={message}
        onChange={(event) => setMessage(event.target.value)}
        error={error ?? undefined}
        placeholder="Sorry, something came up. Please pick another time."
      />
      <FormButtons onCancel={onDone} cancelLabel="Keep call" label="Cancel call" busy={cancelling.isPending} busyLabel="Cancelling…" tone="danger" />
    </form>
  );
}

/** Overview: the next few calls, and the way to all of them (`href`: the Calls section, which the admin area knows). */
export function UpcomingCallsCard({ href, count = 5 }: { href: string; count?: number }) {
  const calls = useAdminCalls();
  const headingId = useId();
  const zone = calls.data?.timeZone ?? 'UTC';
  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-brutal border-2 border-ink bg-white p-4 shadow-brutal-sm">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        {/* Under the Overview's own heading (h2). */}
        <h3 id={headingId} className="text-sm font-extrabold uppercase tracking-label">
          Upcoming calls
        </h3>
        <Link href={href} className={smallButtonClasses('ghost')}>
          All calls
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {calls.isPending ? (
        <LoadingRegion label="Loading upcoming calls…" className="space-y-2">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </LoadingRegion>
      ) : calls.isError ? (
        <ErrorState message="Could not load the calls." onRetry={() => void calls.refetch()} />
      ) : calls.data.calls.length === 0 ? (
        <p className="py-2 text-sm text-ink-soft">{EMPTY_TITLE}.</p>
      ) : (
        <ul>
          {calls.data.calls.slice(0, count).map((call) => (
            <li key={call.id} className="flex flex-col gap-0.5 border-t border-paper-deep py-2 text-sm first:border-t-0 sm:flex-row sm:items-baseline sm:gap-3">
              <time dateTime={call.startsAt} className="shrink-0 font-bold tabular-nums sm:w-80 sm:whitespace-nowrap">
                {shortDay(call.startsAt, zone)}, {clockSpan(call, zone)}
              </time>
              <span className="min-w-0 break-words">
                {call.participantName} <span className="text-ink-soft">· {call.workshopTitle}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
