import { CalendarPlus, Video } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorState } from '../../../../client/components/ui/data-table';
import { Dialog, smallButtonClasses } from '../../../../client/components/ui/dialog';
import { LoadingRegion, Skeleton } from '../../../../client/components/ui/skeleton';
import { toast } from '../../../../client/components/ui/toast-store';
import { refusalMessage } from '../../../../client/lib/api-client';
import { runtimeTimeZone } from '../../../../common/time-zones';
import { NO_CALLS_LEFT, TOO_LATE_TO_CHANGE, type BookingCalls, type Call, type CallSlot } from '../../calls.schema';
import { useBookCall } from '../api/book-call';
import { callCalendarPath, useCancelCall } from '../api/cancel-call';
import { useBookingCalls } from '../api/get-booking-calls';
import { useRescheduleCall } from '../api/reschedule-call';
import { callSpan, organiserSpan } from '../call-times';
import { SlotPicker } from './slot-picker';

/**
 * On a confirmed seat's card on /participant: the seat's follow-up calls with the organiser
 * (docs/decisions/023-follow-up-calls.md). Book the calls left on a free slot, then move or
 * cancel each up to the minimum notice before it. Nothing for a seat that may not book calls and
 * has none.
 */
export function FollowUpCallsCard({ bookingId }: { bookingId: number }) {
  const calls = useBookingCalls(bookingId);
  // The participant's own zone (their browser's); the organiser's when the browser names none.
  const [ownZone] = useState(runtimeTimeZone);
  if (calls.isPending) {
    return (
      <LoadingRegion label="Loading your follow-up calls…" className="w-full basis-full space-y-3 rounded-brutal border-2 border-ink bg-white p-4">
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-20 w-full" />
      </LoadingRegion>
    );
  }
  if (calls.isError) {
    return (
      <div className="w-full basis-full">
        <ErrorState message="Could not load your follow-up calls." onRetry={() => void calls.refetch()} />
      </div>
    );
  }
  if (!calls.data.allowed && calls.data.calls.length === 0) return null;
  return <CallsCard bookingId={bookingId} info={calls.data} viewerZone={ownZone ?? calls.data.timeZone} />;
}

/** A refusal's words: the server's own for a 4xx, else a plain retry. */
const failure = (error: unknown, fallback: string) => refusalMessage(error) ?? fallback;

function CallsCard({ bookingId, info, viewerZone }: { bookingId: number; info: BookingCalls; viewerZone: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Set when the control that has focus is about to leave (the picker with the last call booked, a
  // cancelled call's buttons): once the card shows the change, focus moves to its heading.
  const refocus = useRef(false);
  useEffect(() => {
    if (!refocus.current) return;
    refocus.current = false;
    heading.current?.focus();
  }, [info]);
  const book = useBookCall(bookingId);
  const [said, setSaid] = useState<string | null>(null);
  const [moving, setMoving] = useState<Call | null>(null);
  const [cancelling, setCancelling] = useState<Call | null>(null);
  const headingId = `calls-${bookingId}-title`;
  const canBook = info.allowed && info.remaining > 0 && info.firstDay !== null && info.lastDay !== null;
  // A call that is under way still has its link to join: it is past only once it has ended.
  const [now] = useState(() => Date.now());
  const upcoming = info.calls.filter((call) => Date.parse(call.endsAt) > now);
  const past = info.calls.filter((call) => Date.parse(call.endsAt) <= now);

  const onPick = (slot: CallSlot) => {
    setSaid(null);
    book.mutate(slot.startsAt, {
      onSuccess: (call) => {
        toast({ title: 'Call booked', description: `${callSpan(call.startsAt, call.endsAt, viewerZone)}. The details are on their way by e-mail.` });
        if (info.remaining <= 1) refocus.current = true;
      },
      // The slots are read again either way (the hook does): a slot someone just took is gone from the list.
      onError: (error) => setSaid(failure(error, 'Could not book the call. Please try again.')),
    });
  };

  return (
    // A named group, not a landmark: a page with several seats would list several alike.
    <div role="group" aria-labelledby={headingId} className="w-full basis-full space-y-4 rounded-brutal border-2 border-ink bg-white p-4">
      <div className="space-y-1">
        <h3 id={headingId} ref={heading} tabIndex={-1} className="text-lg font-extrabold outline-none">
          {canBook ? `Book your follow-up calls (${info.remaining} left)` : 'Your follow-up calls'}
        </h3>
        <p className="text-sm">
          {canBook
            ? `Your seat includes one-on-one calls with the organiser after the workshop, ${info.callMinutes} minutes each. Pick a day, then a time.`
            : info.allowed
              ? NO_CALLS_LEFT
              : info.reason}
        </p>
      </div>

      {canBook ? (
        <SlotPicker
          bookingId={bookingId}
          firstDay={info.firstDay!}
          lastDay={info.lastDay!}
          organiserZone={info.timeZone}
          viewerZone={viewerZone}
          callMinutes={info.callMinutes}
          idPrefix={`calls-${bookingId}-book`}
          submitLabel="Book this call"
          busyLabel="Booking…"
          busy={book.isPending}
          said={said}
          onPick={onPick}
        />
      ) : null}

      {upcoming.length > 0 ? (
        <CallList title="Upcoming" headingId={`${headingId}-upcoming`} calls={upcoming} info={info} viewerZone={viewerZone} onMove={setMoving} onCancel={setCancelling} />
      ) : null}
      {past.length > 0 ? <CallList title="Past" headingId={`${headingId}-past`} calls={past} info={info} viewerZone={viewerZone} /> : null}

      <RescheduleDialog bookingId={bookingId} call={moving} info={info} viewerZone={viewerZone} onClose={() => setMoving(null)} />
      <CancelCallDialog
        bookingId={bookingId}
        call={cancelling}
        viewerZone={viewerZone}
        onClose={() => setCancelling(null)}
        onCancelled={() => (refocus.current = true)}
      />
    </div>
  );
}

type CallListProps = {
  title: string;
  headingId: string;
  calls: Call[];
  info: BookingCalls;
  viewerZone: string;
  /** Set for calls still to come: their Reschedule and Cancel call. */
  onMove?: (call: Call) => void;
  onCancel?: (call: Call) => void;
};

function CallList({ title, headingId, calls, info, viewerZone, onMove, onCancel }: CallListProps) {
  const upcoming = onMove !== undefined;
  return (
    <div className="border-t-2 border-paper-deep pt-3">
      <h4 id={headingId} className="mb-2 font-extrabold">
        {title}
      </h4>
      <ul aria-labelledby={headingId} className="space-y-3">
        {calls.map((call) => {
          const when = callSpan(call.startsAt, call.endsAt, viewerZone);
          const theirs = organiserSpan(call, viewerZone, info.timeZone);
          return (
            <li key={call.id} className="space-y-2 rounded-brutal border-2 border-ink bg-paper p-3">
              <div>
                <p className="font-bold">
                  <time dateTime={call.startsAt}>{when}</time>
                </p>
                {theirs ? <p className="text-sm text-ink-soft">Organiser’s time: {theirs}</p> : null}
              </div>
              {upcoming ? (
                <>
                  {call.meetingLink ? (
                    <p className="text-sm break-all">
                      <span className="font-bold">Meeting link: </span>
                      <a href={call.meetingLink} target="_blank" rel="noopener noreferrer" className="underline decoration-2 underline-offset-2">
                        {call.meetingLink}
                      </a>
                    </p>
                  ) : (
                    <p className="text-sm text-ink-soft">The organiser will send the meeting link before the call.</p>
                  )}
                  <div className="flex flex-wrap gap-2">
                    {call.meetingLink ? (
                      <a href={call.meetingLink} target="_blank" rel="noopener noreferrer" className={smallButtonClasses('secondary')}>
                        <Video aria-hidden="true" className="size-4" />
                        Join the call<span className="sr-only"> of {when}</span>
                      </a>
                    ) : null}
                    <a href={callCalendarPath(call.id)} download={`follow-up-call-${call.id}.ics`} className={smallButtonClasses('secondary')}>
                      <CalendarPlus aria-hidden="true" className="size-4" />
                      Add to calendar<span className="sr-only">: the call of {when}</span>
                    </a>
                    {call.changeable ? (
                      <>
                        <button type="button" className={smallButtonClasses('secondary')} onClick={() => onMove?.(call)}>
                          Reschedule<span className="sr-only"> the call of {when}</span>
                        </button>
                        <button type="button" className={smallButtonClasses('secondary')} onClick={() => onCancel?.(call)}>
                          Cancel call<span className="sr-only"> of {when}</span>
                        </button>
                      </>
                    ) : null}
                  </div>
                  {call.changeable ? null : <p className="text-sm text-ink-soft">{TOO_LATE_TO_CHANGE(info.minNoticeHours)}</p>}
                </>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RescheduleDialog({ bookingId, call, info, viewerZone, onClose }: { bookingId: number; call: Call | null; info: BookingCalls; viewerZone: string; onClose: () => void }) {
  const moving = useRescheduleCall(bookingId);
  const [said, setSaid] = useState<string | null>(null);
  const close = () => {
    setSaid(null);
    onClose();
  };
  const onPick = (slot: CallSlot) => {
    if (!call) return;
    setSaid(null);
    moving.mutate(
      { callId: call.id, startsAt: slot.startsAt },
      {
        onSuccess: (moved) => {
          toast({ title: 'Call moved', description: `${callSpan(moved.startsAt, moved.endsAt, viewerZone)}. The new details are on their way by e-mail.` });
          close();
        },
        onError: (error) => setSaid(failure(error, 'Could not move the call. Please try again.')),
      },
    );
  };
  // Moving needs the seat's window; a seat that has lost it can only cancel.
  const canMove = info.firstDay !== null && info.lastDay !== null;
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title="Reschedule your call"
      description={call ? `Now: ${callSpan(call.startsAt, call.endsAt, viewerZone)}. Pick a new time; the current one is freed when you move.` : undefined}
      size="lg"
    >
      {call && canMove ? (
        <SlotPicker
          bookingId={bookingId}
          firstDay={info.firstDay!}
          lastDay={info.lastDay!}
          organiserZone={info.timeZone}
          viewerZone={viewerZone}
          callMinutes={info.callMinutes}
          idPrefix={`calls-${bookingId}-move-${call.id}`}
          submitLabel="Move call here"
          busyLabel="Moving…"
          busy={moving.isPending}
          said={said}
          onPick={onPick}
          onCancel={close}
          cancelLabel="Keep current time"
        />
      ) : (
        <p className="text-sm">{info.reason ?? 'This call cannot be moved now.'}</p>
      )}
    </Dialog>
  );
}

function CancelCallDialog({ bookingId, call, viewerZone, onClose, onCancelled }: { bookingId: number; call: Call | null; viewerZone: string; onClose: () => void; onCancelled: () => void }) {
  const cancelling = useCancelCall(bookingId);
  const confirm = () => {
    if (!call) return;
    cancelling.mutate(call.id, {
      onSuccess: ({ message }) => {
        toast({ title: 'Call cancelled', description: message });
        onClose();
        onCancelled();
      },
      onError: (error) => {
        toast({ title: 'Could not cancel the call', description: failure(error, 'Please try again.'), variant: 'destructive' });
        onClose();
      },
    });
  };
  return (
    <Dialog
      open={call !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Cancel this call?"
      description={call ? `${callSpan(call.startsAt, call.endsAt, viewerZone)}. The organiser is told, and you can book another time while your seat has calls left.` : undefined}
      footer={
        <>
          <button type="button" className={smallButtonClasses('secondary')} onClick={onClose}>
            Keep call
          </button>
          <button type="button" className={smallButtonClasses('danger')} disabled={cancelling.isPending} onClick={confirm}>
            {cancelling.isPending ? 'Cancelling…' : 'Cancel call'}
          </button>
        </>
      }
    >
      <p className="sr-only">Cancelling frees this time for others.</p>
    </Dialog>
  );
}

/** Whether a seat's card should ask for its calls at all: only a confirmed seat in the listed person's name. */
export function mayHaveCalls(booking: { status: string; yourSeat: boolean }): boolean {
  return booking.status === 'confirmed' && booking.yourSeat;
}
