import type { BookingCalls, CallSlot } from '../calls.schema';
import { dayInZone } from '../free-slots';
import { callAnswer } from './call-story';
import type { CallsDeps } from './calls-deps';
import { dayRange, seatCallWindow, seatCalls, seatFreeSlots, type SeatRow } from './seat-calls';

/** GET /api/participant/bookings/{id}/calls: whether the seat may book, how many are left, and its calls. */
export async function listSeatCalls(deps: CallsDeps, seat: SeatRow): Promise<BookingCalls> {
  const now = deps.now();
  const window = await seatCallWindow(deps.db, seat, now);
  const { availability } = window;
  const calls = await seatCalls(deps.db, seat.id);
  const lastStart = window.latest ? new Date(window.latest.getTime() - 1) : null;
  return {
    allowed: window.earliest !== null,
    remaining: window.remaining,
    calls: calls.map((call) => callAnswer(call, availability.minNoticeHours, now)),
    timeZone: availability.timeZone,
    callMinutes: availability.callMinutes,
    minNoticeHours: availability.minNoticeHours,
    firstDay: window.earliest ? dayInZone(window.earliest, availability.timeZone) : null,
    lastDay: lastStart && window.earliest ? dayInZone(lastStart, availability.timeZone) : null,
    reason: window.reason,
  };
}

/** GET /api/participant/bookings/{id}/call-slots?from&to: the free slots on those organiser-zone days. */
export async function listSeatSlots(deps: CallsDeps, seat: SeatRow, from?: string, to?: string): Promise<CallSlot[]> {
  const window = await seatCallWindow(deps.db, seat, deps.now());
  const days = dayRange(window, from, to);
  const slots = await seatFreeSlots(deps.db, window, days);
  return slots.map((slot) => ({ startsAt: slot.start.toISOString(), endsAt: slot.end.toISOString() }));
}
