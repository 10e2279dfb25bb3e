import { workshopEventTimes, type WorkshopWhen } from '../../../common/workshop-time';
import { formatLongDate } from '../../../common/dates';
import { formatCents } from '../../../common/money';
import { formatInstant, resolveTimeZone, wallTime, zoneRegionLabel } from '../../../common/time-zones';
import { ANONYMOUS, SYSTEM } from '../../../server/lib/audit';

/**
 * An audit row in words an organiser reads at a glance: who did what to which thing, named as the
 * admin area names it ('Prototype Lab, Fri, July 4, 2031', 'the booking of Ann Lee (order
 * K7Q-2MX)'), and for a change only the fields that changed, under the labels the forms use.
 * Pure: the rows' shapes are the services' `recordAudit` calls, and whatever a row names by id is
 * looked up beforehand, for a whole page at once (describe-audit-entry.ts), and handed in.
 */

type Details = Record<string, unknown>;

export type AuditRow = { actor: string; action: string; entity: string | null; entityId: string | null; details: Details | null };

/** One changed field: `from` and `to` are null when the row does not keep that value (a secret, a long text). */
export type AuditChange = { label: string; from: string | null; to: string | null };

export type AuditWords = { summary: string; changes: AuditChange[] };

export type DateFacts = { title: string; day: string | null };
export type BookingFacts = { person: string; reference: string; workshopDateId: number };
export type OrderFacts = { reference: string; buyer: string; workshopDateId: number };
export type WaitlistEntryFacts = { person: string; workshopDateId: number | null };

/** What the rows of a page name by id, already looked up. */
export type AuditLookups = {
  dates: ReadonlyMap<number, DateFacts>;
  bookings: ReadonlyMap<number, BookingFacts>;
  orders: ReadonlyMap<number, OrderFacts>;
  waitlistEntries: ReadonlyMap<number, WaitlistEntryFacts>;
  /** A refund request names its booking. */
  refundRequests: ReadonlyMap<number, number>;
  /** The organiser's zone: instants (a call's start, an offer's end) are told on its clock. */
  timeZone: string;
};

export const NO_LOOKUPS: AuditLookups = { dates: new Map(), bookings: new Map(), orders: new Map(), waitlistEntries: new Map(), refundRequests: new Map(), timeZone: 'UTC' };

// ---------------------------------------------------------------- reading the details

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
/** A row id as the details or entityId hold it (a number, or digits as text). */
function idOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? value : undefined;
  if (typeof value === 'string' && /^\d{1,15}$/.test(value)) return idOf(Number(value));
  return undefined;
}
const isRecord = (value: unknown): value is Details => typeof value === 'object' && value !== null && !Array.isArray(value);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** ' — refunded $40.00 — note'; nothing for the parts that are empty. */
const tail = (...parts: (string | undefined | false | null)[]) => parts.filter(Boolean).map((part) => ` — ${part}`).join('');
/** ' “Hello”' after a noun, or nothing when there is no text. */
const named = (value: unknown) => (text(value) ? ` “${text(value)}”` : '');
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
const money = (cents: unknown) => (num(cents) === undefined ? undefined : formatCents(num(cents)!));

/** 'booking_moved' → 'Booking moved', 'workshopDates' → 'Workshop dates', 'booking-confirmation' → 'Booking confirmation'. */
export function humanise(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_.\-\s]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

// ---------------------------------------------------------------- names of things

/** 'Fri, July 4, 2031' on the date's own calendar, or null while it is to be confirmed (or unreadable). */
export function dayOfDate(when: WorkshopWhen): string | null {
  const times = workshopEventTimes(when);
  return times ? wallTime(times.start, resolveTimeZone(when.timezone) ?? 'UTC').day : null;
}

const dateWords = (facts: DateFacts) => (facts.day ? `${facts.title}, ${facts.day}` : `${facts.title} (date to be confirmed)`);

/** A time zone as the admin's picker shows it: abbreviations as they are, region names by their region. */
const zoneWords = (value: string) => (value.includes('/') ? zoneRegionLabel(resolveTimeZone(value) ?? value) : value);

type Speaker = {
  row: AuditRow;
  d: Details;
  /** A workshop date by id: its title and day; `deletedTitle` names one that no longer exists. */
  date: (id: unknown, deletedTitle?: unknown) => string;
  /** A booking by id: its person and order; with `on`, its date too. */
  booking: (id: unknown, options?: { on?: boolean }) => string;
  /** An order by id: its reference, buyer and date. */
  order: (id: unknown) => string;
  /** An instant on the organiser's clock. */
  instant: (iso: unknown) => string | undefined;
  /** The booking a refund row concerns: named in its details, or through its refund request. */
  refundedBooking: number | undefined;
  /** The waiting-list entry the row concerns: its person, and its date when it waits for one. */
  waiting: { person: string; date: string | null } | undefined;
};

function speakerFor(row: AuditRow, lookups: AuditLookups): Speaker {
  const d = row.details ?? {};
  const date = (id: unknown, deletedTitle?: unknown) => {
    const facts = idOf(id) === undefined ? undefined : lookups.dates.get(idOf(id)!);
    if (facts) return dateWords(facts);
    return text(deletedTitle) ? `${text(deletedTitle)} (a date since deleted)` : 'a workshop date that no longer exists';
  };
  const booking = (id: unknown, options: { on?: boolean } = {}) => {
    const facts = idOf(id) === undefined ? undefined : lookups.bookings.get(idOf(id)!);
    if (!facts) return text(d.email) ? `a booking of ${text(d.email)}` : 'a booking';
    return `the booking of ${facts.person} (order ${facts.reference})${options.on ? ` on ${date(facts.workshopDateId)}` : ''}`;
  };
  const order = (id: unknown) => {
    const facts = idOf(id) === undefined ? undefined : lookups.orders.get(idOf(id)!);
    if (!facts) return text(d.reference) ? `order ${text(d.reference)}` : 'an order';
    return `order ${facts.reference} of ${facts.buyer} on ${date(facts.workshopDateId)}`;
  };
  const instant = (iso: unknown) => {
    const at = text(iso) ? new Date(iso as string) : undefined;
    return at && !Number.isNaN(at.getTime()) ? formatInstant(at, lookups.timeZone) : undefined;
  };
  const refundedBooking = idOf(d.bookingId) ?? (row.entity === 'refund_request' ? lookups.refundRequests.get(idOf(row.entityId) ?? 0) : undefined);
  const entry = row.entity === 'waitlist_entry' ? lookups.waitlistEntries.get(idOf(row.entityId) ?? 0) : undefined;
  const waiting = entry && { person: entry.person, date: entry.workshopDateId === null ? null : date(entry.workshopDateId) };
  return { row, d, date, booking, order, instant, refundedBooking, waiting };
}

// ---------------------------------------------------------------- who

/** Actions only a participant takes (their own reservation, seat or waiting-list place). */
const PARTICIPANT_ACTIONS = new Set(['reservation_confirmed', 'seat_claimed', 'waitlist_joined', 'waitlist_left', 'participant_access_denied']);

/** Who: an admin's e-mail, 'The system (…)', 'Someone not signed in', or a participant's e-mail saying so. */
export function actorWords(row: Pick<AuditRow, 'actor' | 'action' | 'details'>): string {
  if (row.actor === SYSTEM) return 'The system';
  // The system on someone's behalf names itself: 'the system (cancellation policy)', 'the system (schedule)'.
  if (row.actor.startsWith('the system (')) return `T${row.actor.slice(1)}`;
  if (row.actor === ANONYMOUS) return 'Someone not signed in';
  const participant = PARTICIPANT_ACTIONS.has(row.action) || row.details?.by === 'participant';
  return participant ? `${row.actor} (participant)` : row.actor;
}

// ---------------------------------------------------------------- what

type Phrase = (say: Speaker) => string;

const seats = (value: unknown) => plural(num(value) ?? list(value).length, 'seat');
const emailOf = (d: Details) => text(d.email) ?? 'an unknown address';
const asWho = (d: Details) => (text(d.email) ? ` as ${text(d.email)}` : '');
const fromConfiguration = "from the server's configuration";

/** A scheduled message's moment: '1 day before the start', '2 hours after the start', 'at the start'. */
export function offsetWords(minutes: unknown): string {
  const value = num(minutes);
  if (value === undefined) return 'at a set moment';
  if (value === 0) return 'at the start';
  const size = Math.abs(value);
  const amount = size % 1440 === 0 ? plural(size / 1440, 'day') : size % 60 === 0 ? plural(size / 60, 'hour') : plural(size, 'minute');
  return `${amount} ${value < 0 ? 'before' : 'after'} the start`;
}

const ORDER_REFUNDS: Record<string, string> = {
  policy: 'refunded as the cancellation policy allows',
  full: 'refunded in full',
  custom: 'refunded a chosen amount',
  credit: 'a credit code for each paid seat',
  outside: 'refunded outside the site',
  none: 'no refund',
};

function cancelledRefund(d: Details): string {
  if (text(d.creditCode)) return `credit code ${text(d.creditCode)}`;
  if (d.refundOutside === true) return 'refunded outside the site';
  return num(d.refundCents) ? `refunded ${money(d.refundCents)}` : 'no refund';
}

const MOVE_REASONS: Record<string, string> = {
  poll: "as the date's poll chose a day they had not marked",
  'called-off': 'as the date was called off',
};

function accessDenied(say: Speaker): string {
  const { d } = say;
  if (idOf(d.bookingId) !== undefined) return `was refused access to ${say.booking(d.bookingId, { on: true })}, which is someone else's`;
  if (text(d.askedEmail)) return `was refused access to the bookings of ${text(d.askedEmail)}`;
  if (idOf(d.workshopDateId) !== undefined) return `was refused the details of ${say.date(d.workshopDateId)}, which they hold no seat on`;
  return "was refused access to a page that is someone else's";
}

/** ' for Prototype Lab, Fri, July 4, 2031', or, for an entry that waits for any date of a workshop, ' for a workshop's next date'. */
const waitingFor = (say: Speaker) => (!say.waiting ? '' : say.waiting.date ? ` for ${say.waiting.date}` : " for a workshop's next date");

/** 'blog post “Hello”': a kind of content and its own name, when the row kept it. */
const titled = (kind: string) => (say: Speaker) => `${kind}${named(say.d.title ?? say.d.name)}`;

/** The verb phrase after the actor, for every action the services record. */
const PHRASES: Record<string, Phrase> = {
  // signing in
  login_succeeded: ({ d }) => (num(d.totpStep) === undefined ? 'signed in' : 'signed in with an authenticator code'),
  login_failed: ({ d }) => (text(d.stage) && d.stage !== 'password' ? `entered a wrong authenticator code while signing in${asWho(d)}` : `failed to sign in${asWho(d)}`),
  login_throttled: ({ d }) => `was stopped after too many sign-in attempts${asWho(d)}`,
  login_password_accepted: () => 'entered the right password and was asked for an authenticator code',
  logout: () => 'signed out',
  totp_setup_started: () => 'started setting up two-step sign-in',
  totp_enabled: () => 'turned on two-step sign-in',
  totp_disabled: () => 'turned off two-step sign-in',
  totp_code_rejected: () => 'entered a wrong authenticator code',
  admin_created: ({ d }) => {
    if (d.source === 'first start') return `created the first admin, ${emailOf(d)}`;
    return d.source === 'ADMIN_EMAIL' ? `added the admin ${emailOf(d)} ${fromConfiguration}` : `added the admin ${emailOf(d)}`;
  },
  admin_removed: ({ d }) => (d.self === true ? `removed their own admin account (${emailOf(d)})` : `removed the admin ${emailOf(d)}`),
  admin_restored: ({ d }) => `gave ${emailOf(d)} admin rights again ${fromConfiguration}`,
  admin_password_reset: ({ d }) => `reset the password of the admin ${emailOf(d)} ${fromConfiguration}`,

  // bookings and orders
  booking_deleted: (say) => {
    const payment = text(say.d.payment);
    return `deleted ${say.booking(say.row.entityId, { on: true })}${tail(payment && payment !== 'none' && `payment ${payment}`)}`;
  },
  booking_cancelled: (say) => `cancelled ${say.booking(say.row.entityId, { on: true })}${tail(cancelledRefund(say.d))}`,
  booking_moved: (say) =>
    `moved ${say.booking(say.row.entityId)} from ${say.date(say.d.fromWorkshopDateId)} to ${say.date(say.d.toWorkshopDateId)}${text(say.d.reason) && MOVE_REASONS[text(say.d.reason)!] ? `, ${MOVE_REASONS[text(say.d.reason)!]}` : ''}`,
  booking_marked_paid: (say) => `marked ${say.booking(say.row.entityId, { on: true })} as paid${tail(money(say.d.amountCents), text(say.d.note))}`,
  booking_attendance_updated: (say) =>
    `marked ${say.booking(say.row.entityId, { on: true })} as ${say.d.hasAttended ? 'present' : 'absent'}${say.d.via === 'roster' ? ' on the roster' : ''}`,
  booking_confirmation_resent: (say) => `sent the confirmation of ${say.booking(say.row.entityId, { on: true })} again${text(say.d.to) ? ` to ${text(say.d.to)}` : ''}`,
  reservation_confirmed: (say) =>
    `confirmed the e-mail address of the reservation ${say.booking(say.row.entityId, { on: true })}${say.instant(say.d.expiresAt) ? `, which holds its seat until ${say.instant(say.d.expiresAt)}` : ''}`,
  reservation_expired: (say) =>
    `released ${say.booking(say.row.entityId, { on: true })}: ${say.d.unconfirmed ? 'its e-mail address was never confirmed' : 'the unpaid reservation ran out'}`,
  seat_claimed: (say) => `claimed a seat and put their name on it: ${say.booking(say.row.entityId, { on: true })}`,
  seat_claim_link_sent: (say) => `sent the claim link of an unnamed seat, ${say.booking(say.row.entityId, { on: true })}, to ${text(say.d.to) ?? 'a colleague'}`,
  seat_claim_link_revoked: (say) => `revoked the claim link of an unnamed seat, ${say.booking(say.row.entityId, { on: true })}`,
  order_cancelled: (say) =>
    `cancelled ${say.order(say.row.entityId)} (${seats(say.d.bookingIds)})${tail(ORDER_REFUNDS[text(say.d.refund) ?? ''], num(say.d.refundCents) ? `${money(say.d.refundCents)} in all` : undefined, say.d.notified === true && 'its people were e-mailed')}`,
  order_confirmation_resent: (say) => `sent the confirmations of ${say.order(say.row.entityId)} again${num(say.d.emails) ? ` (${plural(num(say.d.emails)!, 'e-mail')})` : ''}`,
  order_marked_paid: (say) => `marked ${say.order(say.row.entityId)} (${seats(say.d.bookingIds)}) as paid${tail(money(say.d.amountCents), text(say.d.note))}`,
  admin_email_queued: ({ d }) => `sent an e-mail${named(d.subject)} to ${text(d.to) ?? 'a participant'}`,

  // refunds
  refund_requested: (say) => `asked for a refund of ${say.booking(say.refundedBooking, { on: true })}`,
  refund_approved: (say) =>
    say.d.outcome === 'credit'
      ? `approved the refund request of ${say.booking(say.refundedBooking, { on: true })} with a credit code${tail(text(say.d.creditCode), text(say.d.notes))}`
      : `approved the refund request of ${say.booking(say.refundedBooking, { on: true })}${tail(money(say.d.amountCents) && `${money(say.d.amountCents)} refunded`, text(say.d.notes))}`,
  refund_sent: (say) => `paid out the refund of ${say.booking(say.refundedBooking, { on: true })}${tail(money(say.d.amountCents))}`,
  refund_rejected: (say) => `rejected the refund request of ${say.booking(say.refundedBooking, { on: true })}${tail(text(say.d.notes))}`,
  refund_failed: (say) => `could not pay out the refund of ${say.booking(say.refundedBooking, { on: true })}${tail(text(say.d.error) ?? text(say.d.notes))}`,
  refund_request_closed: (say) =>
    `closed the refund request of ${say.booking(say.refundedBooking, { on: true })} as ${say.d.closedAs === 'APPROVED' ? 'approved' : 'rejected'}, as the booking was cancelled${tail(say.d.closedAs === 'APPROVED' && money(say.d.amountCents) && `${money(say.d.amountCents)} refunded`)}`,

  // the waiting list
  waitlist_joined: (say) => `joined the waiting list for ${say.date(say.d.workshopDateId)} (${seats(say.d.seats)})${say.d.nextDate ? ', or the next date of its workshop with room' : ''}`,
  waitlist_left: (say) => `left the waiting list${waitingFor(say)}${say.d.seats ? ` (${seats(say.d.seats)})` : ''}`,
  waitlist_entry_removed: (say) => `removed ${say.waiting?.person ?? emailOf(say.d)} from the waiting list${waitingFor(say)}${say.d.seats ? ` (${seats(say.d.seats)})` : ''}`,
  waitlist_offer_sent: (say) =>
    `offered ${seats(say.d.seats)} on ${say.date(say.d.workshopDateId)} to ${say.waiting?.person ?? 'someone'} from its waiting list${say.instant(say.d.offerExpiresAt) ? `, held until ${say.instant(say.d.offerExpiresAt)}` : ''}`,

  // workshop dates
  workshop_date_created: (say) => `created the workshop date ${say.date(say.row.entityId, say.d.title)}`,
  workshop_date_updated: (say) => {
    const told = num(say.d.notified) ? ` and e-mailed ${plural(num(say.d.notified)!, 'participant')} what changed` : '';
    const unchanged = isRecord(say.d.changes) && Object.keys(say.d.changes).length === 0 && list(say.d.fields).length === 0;
    return unchanged ? `saved ${say.date(say.row.entityId)} without changing anything` : `changed ${say.date(say.row.entityId)}${told}`;
  },
  workshop_date_status_changed: (say) => (say.d.isActive ? `put ${say.date(say.row.entityId)} on sale` : `took ${say.date(say.row.entityId)} off sale`),
  workshop_date_featured_changed: (say) => (say.d.isFeatured ? `featured ${say.date(say.row.entityId)} on the site` : `stopped featuring ${say.date(say.row.entityId)}`),
  workshop_date_deactivated: (say) => `took ${say.date(say.row.entityId, say.d.title)} off sale instead of deleting it, as it has bookings or payments`,
  workshop_date_deleted: (say) => `deleted the workshop date ${named(say.d.title) ? named(say.d.title).trim() : 'that had no title'}`,
  workshop_date_duplicated: (say) => `duplicated ${say.date(say.row.entityId, say.d.title)}; the copy is off sale`,
  workshop_date_repeated: (say) => `repeated ${say.date(say.row.entityId, say.d.title)} weekly: ${plural(list(say.d.copyIds).length, 'new date')}`,
  workshop_date_called_off: (say) =>
    `called off ${say.date(say.row.entityId, say.d.title)}${tail(
      `${seats(say.d.bookingIds)} cancelled`,
      num(say.d.refundCents) ? `${money(say.d.refundCents)} refunded` : undefined,
      list(say.d.keptForChoice).length > 0 && `${seats(say.d.keptForChoice)} may move or cancel${say.instant(say.d.moveOfferUntil) ? ` until ${say.instant(say.d.moveOfferUntil)}` : ''}`,
      num(say.d.notified) !== undefined && `${plural(num(say.d.notified)!, 'person', 'people')} told`,
    )}`,
  workshop_date_poll_opened: (say) =>
    `opened a poll on ${say.date(say.row.entityId)} with ${plural(list(say.d.options).length, 'candidate day')}${num(say.d.notified) !== undefined ? `, asking ${plural(num(say.d.notified)!, 'participant')}` : ''}`,
  workshop_date_poll_chosen: (say) =>
    `chose ${[text(say.d.date), text(say.d.time)].filter(Boolean).join(', ') || 'a day'} for ${say.date(say.row.entityId)} from its poll${num(say.d.notified) !== undefined ? ` and told ${plural(num(say.d.notified)!, 'participant')}` : ''}`,
  roster_attendance_marked: (say) => `marked all ${seats(say.d.seats)} of ${say.date(say.row.entityId)} as ${say.d.hasAttended ? 'present' : 'absent'}`,
  workshop_template_created: (say) => `added the ${titled('workshop template')(say)}`,
  workshop_template_updated: (say) => `changed the ${titled('workshop template')(say)}`,
  workshop_template_deleted: (say) => `deleted the ${titled('workshop template')(say)}`,
  workshop_asset_created: (say) => `added the ${titled('workshop material')(say)}${idOf(say.d.workshopDateId) ? ` to ${say.date(say.d.workshopDateId)}` : ''}`,
  workshop_asset_updated: (say) => `changed the ${titled('workshop material')(say)}`,
  workshop_asset_deleted: (say) => `deleted the ${titled('workshop material')(say)}${idOf(say.d.workshopDateId) ? ` of ${say.date(say.d.workshopDateId)}` : ''}`,
  workshop_assets_reordered: (say) => `put ${plural(list(say.d.ids).length, 'workshop material')} in a new order`,

  // messages and e-mail
  date_message_sent: (say) => `sent the message${named(say.d.subject)} to ${plural(num(say.d.recipients) ?? 0, 'person', 'people')} on ${say.date(say.d.workshopDateId)}`,
  date_message_test_sent: (say) => `sent themselves a test of the message${named(say.d.subject)} for ${say.date(say.d.workshopDateId)}`,
  date_message_defaults_saved: (say) => `saved the default scheduled messages (${plural(num(say.d.count) ?? 0, 'message')})`,
  scheduled_message_added: (say) => `scheduled the message${named(say.d.subject)} for ${say.date(say.d.workshopDateId)}, ${offsetWords(say.d.offsetMinutes)}`,
  scheduled_message_edited: (say) => `changed the scheduled message${named(say.d.subject)} of ${say.date(say.d.workshopDateId)}, now ${offsetWords(say.d.offsetMinutes)}`,
  scheduled_message_deleted: (say) => `took the message${named(say.d.subject)} off the schedule of ${say.date(say.d.workshopDateId)}`,
  scheduled_message_defaults_applied: (say) => `added ${plural(num(say.d.added) ?? 0, 'default scheduled message')} to ${say.date(say.row.entityId)}`,
  contact_message_read: () => 'read a contact message',
  contact_message_deleted: ({ d }) => `deleted the contact message${named(d.subject)} from ${emailOf(d)}`,
  contact_message_replied: ({ d }) => `replied${d.again === true ? ' again' : ''}${named(d.subject)} to the contact message from ${emailOf(d)}`,
  newsletter_sent: ({ d }) => `sent the newsletter${named(d.subject)} to ${plural(num(d.queued) ?? 0, 'subscriber')}`,
  newsletter_test_sent: ({ d }) => `sent themselves a test of the newsletter${named(d.subject)}`,
  newsletter_subscriber_deleted: ({ d }) => `removed ${emailOf(d)} from the newsletter`,
  email_template_saved: (say) => `saved the e-mail template “${humanise(say.row.entityId ?? 'e-mail')}”${say.d.isActive === false ? ', switched off' : ''}`,
  email_test_sent: (say) => `sent a test of the e-mail template “${humanise(say.row.entityId ?? 'e-mail')}” to ${text(say.d.to) ?? 'themselves'}`,
  email_test_queued: (say) => `queued a test booking confirmation to ${text(say.d.to) ?? 'themselves'}`,
  email_test_failed: (say) => `could not send a test of the e-mail template “${humanise(say.row.entityId ?? 'e-mail')}” to ${text(say.d.to) ?? 'themselves'}${tail(text(say.d.error))}`,
  'email.retry': ({ d }) => `put the failed e-mail${text(d.to) ? ` to ${text(d.to)}` : ''} back in the queue`,

  // content
  blog_post_created: (say) => `wrote the ${titled('blog post')(say)}${say.d.isPublished ? ' and published it' : ' as a draft'}`,
  blog_post_updated: (say) => `changed the ${titled('blog post')(say)}`,
  blog_post_deleted: (say) => `deleted the ${titled('blog post')(say)}`,
  announcement_created: (say) => `added the ${titled('announcement')(say)}`,
  announcement_updated: (say) => `changed the ${titled('announcement')(say)}`,
  announcement_deleted: (say) => `deleted the ${titled('announcement')(say)}`,
  testimonial_created: ({ d }) => `added the testimonial of ${text(d.name) ?? 'someone'}`,
  testimonial_updated: ({ d }) => `changed the testimonial of ${text(d.name) ?? 'someone'}`,
  testimonial_deleted: ({ d }) => `deleted the testimonial of ${text(d.name) ?? 'someone'}`,
  strategy_note_created: (say) => `wrote the ${titled('strategy note')(say)}`,
  strategy_note_updated: (say) => `changed the ${titled('strategy note')(say)}`,
  strategy_note_archived: (say) => `archived the ${titled('strategy note')(say)}`,
  strategy_note_restored: (say) => `brought back the ${titled('strategy note')(say)} from the archive`,
  strategy_note_deleted: (say) => `deleted the ${titled('strategy note')(say)}`,
  discount_code_created: ({ d }) =>
    `created the discount code ${text(d.code) ?? ''} (${num(d.discountPercent) ?? '?'} % off${num(d.maxUses) ? `, at most ${plural(num(d.maxUses)!, 'use')}` : ''})`.replace('code  (', 'code ('),
  discount_code_updated: ({ d }) => `changed the discount code ${text(d.code) ?? ''}`.trim(),
  discount_code_deleted: ({ d }) => `deleted the discount code ${text(d.code) ?? ''}${num(d.currentUses) ? ` (used ${plural(num(d.currentUses)!, 'time')})` : ''}`.trim(),
  image_uploaded: ({ d }) => `uploaded an image${num(d.sizeBytes) ? ` (${Math.max(1, Math.round(num(d.sizeBytes)! / 1024))} KB)` : ''}`,
  csv_imported: (say) =>
    `imported a CSV file of ${humanise(say.row.entity ?? 'rows').toLowerCase()}${num(say.d.imported) !== undefined ? `: ${plural(num(say.d.imported)!, 'row')} (${num(say.d.created) ?? 0} new, ${num(say.d.updated) ?? 0} updated)` : ''}`,

  // operations and settings
  'backup.download': () => 'downloaded a backup',
  'backup.restore': ({ d }) => `restored a backup${num(d.rows) === undefined ? '' : ` (${plural(num(d.rows)!, 'row')})`}`,
  settings_updated: () => 'changed the settings',
  call_settings_updated: () => 'changed the follow-up call settings',
  call_feed_renewed: () => 'gave the calls calendar feed a new address; the old one stopped working',
  participant_access_denied: accessDenied,

  // follow-up calls
  call_booked: (say) => `booked a follow-up call for ${say.booking(say.row.entityId)}${say.instant(say.d.startsAt) ? ` at ${say.instant(say.d.startsAt)}` : ''}`,
  call_cancelled: (say) => `cancelled the follow-up call of ${say.booking(say.row.entityId)}${say.instant(say.d.startsAt) ? ` at ${say.instant(say.d.startsAt)}` : ''}${tail(text(say.d.message))}`,
  call_moved: (say) => `moved the follow-up call of ${say.booking(say.row.entityId)}${say.instant(say.d.from) ? ` from ${say.instant(say.d.from)}` : ''}${say.instant(say.d.to) ? ` to ${say.instant(say.d.to)}` : ''}`,
};

/** Every action this file has words for. */
export const DESCRIBED_ACTIONS: readonly string[] = Object.keys(PHRASES);

/** An action no phrase knows: its key in words, and the kind of thing it concerns ('Gadget fixed (a gadget)'). */
function unknownPhrase(say: Speaker): string {
  const what = humanise(say.row.action);
  if (say.row.entity === 'workshop_date') return `— ${what}: ${say.date(say.row.entityId, say.d.title)}`;
  if (say.row.entity === 'booking') return `— ${what}: ${say.booking(say.row.entityId, { on: true })}`;
  return `— ${what}${say.row.entity ? ` (a ${humanise(say.row.entity).toLowerCase()})` : ''}`;
}

// ---------------------------------------------------------------- which fields changed

type FieldWords = { label: string; value?: (value: unknown, lookups: AuditLookups) => string };

const yesNo = (value: unknown) => (value === true ? 'yes' : value === false ? 'no' : String(value));
const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : String(value));
const count = (unit: string) => (value: unknown) => (num(value) === undefined ? String(value) : plural(num(value)!, unit));
const percent = (value: unknown) => (num(value) === undefined ? String(value) : `${num(value)} %`);
const cents = (value: unknown) => money(value) ?? String(value);
const enumWords = (value: unknown) => (typeof value === 'string' ? humanise(value).toLowerCase() : String(value));
const zone = (value: unknown) => (typeof value === 'string' ? zoneWords(value) : String(value));
const dateById = (value: unknown, lookups: AuditLookups) => {
  const facts = idOf(value) === undefined ? undefined : lookups.dates.get(idOf(value)!);
  return facts ? dateWords(facts) : 'a workshop date that no longer exists';
};

/** The fields of every form whose changes the log keeps, by the labels the forms show. */
const FIELDS: Record<string, FieldWords> = {
  // workshop dates and templates
  title: { label: 'Title' },
  description: { label: 'Description' },
  expertiseLevel: { label: 'Level', value: enumWords },
  date: { label: 'Date' },
  time: { label: 'Time' },
  timezone: { label: 'Time zone', value: zone },
  endsNextDay: { label: 'Ends the next day', value: yesNo },
  seatsTotal: { label: 'Seats', value: count('seat') },
  priceCents: { label: 'Price', value: cents },
  price: { label: 'Price' },
  isActive: { label: 'Active', value: yesNo },
  isFeatured: { label: 'Featured', value: yesNo },
  isTBC: { label: 'Date to be confirmed', value: yesNo },
  requiresImmediatePayment: { label: 'Requires immediate payment', value: yesNo },
  zoomLink: { label: 'Meeting link' },
  zoomMeetingId: { label: 'Meeting ID' },
  zoomPassword: { label: 'Meeting passcode' },
  additionalInfo: { label: 'Additional information' },
  materialLinks: { label: 'Material links' },
  templateId: { label: 'Workshop template' },
  defaultSeats: { label: 'Default seats', value: count('seat') },
  day: { label: 'Day' },
  // discount codes
  code: { label: 'Code' },
  discountPercent: { label: 'Discount', value: percent },
  maxUses: { label: 'Most uses', value: count('use') },
  expiresAt: { label: 'Expires' },
  // blog posts, materials, announcements, testimonials, strategy notes
  slug: { label: 'Web address' },
  excerpt: { label: 'Excerpt' },
  content: { label: 'Content' },
  featuredImageUrl: { label: 'Featured image' },
  authorName: { label: 'Author' },
  isPublished: { label: 'Published', value: yesNo },
  publishedAt: { label: 'Published on' },
  workshopDateId: { label: 'Workshop date', value: dateById },
  type: { label: 'Kind', value: enumWords },
  sortOrder: { label: 'Position' },
  imageUrl: { label: 'Image' },
  emailFormEnabled: { label: 'Asks for e-mail addresses', value: yesNo },
  name: { label: 'Name' },
  text: { label: 'Quote' },
  profileImageUrl: { label: 'Photo' },
  role: { label: 'Role' },
  organization: { label: 'Organisation' },
  category: { label: 'Category', value: enumWords },
  isArchived: { label: 'Archived', value: yesNo },
  // settings
  reservationHours: { label: 'Hours a reservation holds its seat', value: count('hour') },
  reservationSharePercent: { label: "Share of a date's seats reservations may hold", value: percent },
  waitlistOfferHours: { label: 'Hours a waiting-list offer is held', value: count('hour') },
  notifyNewBooking: { label: 'E-mail me about a new booking or reservation', value: onOff },
  notifyContactMessage: { label: 'E-mail me about a contact message', value: onOff },
  notifyRefundRequest: { label: 'E-mail me about a refund request', value: onOff },
  notifyCancellation: { label: 'E-mail me about a cancellation', value: onOff },
  promoText: { label: 'Promo sticker' },
  promoEndsOn: { label: "Promo's last day" },
  privacyPolicy: { label: 'Privacy policy' },
  termsOfService: { label: 'Terms of service' },
  cookiePolicy: { label: 'Cookie policy' },
  emailServiceType: { label: 'Mail service', value: (value) => (value === 'microsoft365' ? 'Microsoft 365' : value === 'smtp' ? 'SMTP server' : String(value)) },
  emailHost: { label: 'Mail server' },
  emailPort: { label: 'Mail server port' },
  emailUser: { label: 'Mail server user name' },
  emailPassword: { label: 'Mail server password' },
  emailFrom: { label: 'Sender (From)' },
  emailReplyTo: { label: 'Reply-To' },
  emailTenantId: { label: 'Microsoft 365 tenant ID' },
  emailClientId: { label: 'Microsoft 365 client ID' },
  emailClientSecret: { label: 'Microsoft 365 client secret' },
  // follow-up call settings
  callMinutes: { label: 'Call length', value: count('minute') },
  callsPerBooking: { label: 'Calls per seat', value: count('call') },
  timeZone: { label: 'Time zone', value: zone },
  weeklyHours: { label: 'Weekly hours' },
  minNoticeHours: { label: 'Minimum notice', value: count('hour') },
  bookingWindowDays: { label: 'Booking window', value: count('day') },
  bufferMinutes: { label: 'Buffer between calls', value: count('minute') },
  blockedDates: { label: 'Blocked days' },
  meetingLink: { label: 'Meeting link' },
};

/** Where one form calls a field otherwise than the others do. */
const FIELDS_BY_ENTITY: Record<string, Record<string, FieldWords>> = {
  workshop_date: { isActive: { label: 'On sale', value: yesNo } },
  settings: { timezone: { label: 'Site time zone', value: zone } },
};

const fieldWords = (entity: string | null, field: string): FieldWords => FIELDS_BY_ENTITY[entity ?? '']?.[field] ?? FIELDS[field] ?? { label: humanise(field) };

const LONG_TEXT = 80;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const SNAKE_WORD = /^[a-z0-9]+(?:_[a-z0-9]+)+$/;

/** A value as the forms show it: money as money, yes/no, 'none' for nothing, long texts cut short. */
export function valueWords(entity: string | null, field: string, value: unknown, lookups: AuditLookups): string {
  if (value === null || value === undefined || value === '') return 'none';
  const format = fieldWords(entity, field).value;
  if (format) return format(value, lookups);
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'number') return value.toLocaleString('en-US');
  if (typeof value === 'string') {
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return formatInstant(new Date(value), lookups.timeZone);
    if (ISO_DAY.test(value) && !Number.isNaN(Date.parse(value))) return formatLongDate(value);
    if (SNAKE_WORD.test(value)) return enumWords(value);
    return value.length > LONG_TEXT ? `${value.slice(0, LONG_TEXT - 1).trimEnd()}…` : value;
  }
  if (Array.isArray(value)) return value.length === 0 ? 'none' : plural(value.length, 'entry', 'entries');
  return 'changed';
}

/** A `changes` value: [before, after] when the writer kept both, else only the new value. */
function changeOf(entity: string | null, field: string, value: unknown, lookups: AuditLookups): AuditChange {
  const { label } = fieldWords(entity, field);
  if (Array.isArray(value) && value.length === 2) return { label, from: valueWords(entity, field, value[0], lookups), to: valueWords(entity, field, value[1], lookups) };
  return { label, from: null, to: valueWords(entity, field, value, lookups) };
}

const strings = (value: unknown): string[] => list(value).filter((item): item is string => typeof item === 'string');

/**
 * The fields an update changed. `changes` (field → [before, after], or → the new value) holds those
 * whose values the log keeps; `fields` names changed fields whose values it does not (a secret, a
 * long text). Older workshop-date rows named every field the form sent: their `changed` (what the
 * date's people were told) is the part known to have changed.
 */
export function changesOf(row: AuditRow, lookups: AuditLookups): AuditChange[] {
  const d = row.details ?? {};
  const valued = isRecord(d.changes) ? d.changes : {};
  const named = row.action === 'workshop_date_updated' && !isRecord(d.changes) ? strings(d.changed) : strings(d.fields);
  // A jsonb object keeps its keys in an order of its own: the writer's list of fields, else the forms' order, tells them.
  const unlisted = Object.keys(valued)
    .filter((field) => !named.includes(field))
    .sort((a, b) => formOrder(a) - formOrder(b));
  const result = [...named, ...unlisted].map((field) =>
    Object.hasOwn(valued, field) ? changeOf(row.entity, field, valued[field], lookups) : { label: fieldWords(row.entity, field).label, from: null, to: null },
  );
  if (d.contentChanged === true) result.push({ label: fieldWords(row.entity, 'content').label, from: null, to: null });
  return result;
}

const FORM_ORDER = Object.keys(FIELDS);
const formOrder = (field: string) => (FORM_ORDER.includes(field) ? FORM_ORDER.indexOf(field) : FORM_ORDER.length);

// ---------------------------------------------------------------- the whole entry

/** The sentence and the changed fields of one row, with everything it names already looked up. */
export function describeAuditRow(row: AuditRow, lookups: AuditLookups): AuditWords {
  const say = speakerFor(row, lookups);
  const phrase = Object.hasOwn(PHRASES, row.action) ? PHRASES[row.action]!(say) : unknownPhrase(say);
  const actor = actorWords(row);
  return { summary: `${actor} ${phrase}`, changes: changesOf(row, lookups) };
}

// ---------------------------------------------------------------- what to look up

export type AuditIds = { dates: Set<number>; bookings: Set<number>; orders: Set<number>; waitlistEntries: Set<number>; refundRequests: Set<number> };

/** Details keys that hold the id of a workshop date: workshopDateId, fromWorkshopDateId, toWorkshopDateId. */
const DATE_ID_KEY = /^(?:[a-z]+)?workshopDateId$/i;

/**
 * The ids the rows name directly, by kind. Lists of seats (an order's, a called-off date's) are
 * counted, not named, so they are not looked up.
 */
export function idsNamedBy(rows: readonly AuditRow[]): AuditIds {
  const ids: AuditIds = { dates: new Set(), bookings: new Set(), orders: new Set(), waitlistEntries: new Set(), refundRequests: new Set() };
  const add = (set: Set<number>, value: unknown) => {
    const id = idOf(value);
    if (id !== undefined) set.add(id);
  };
  for (const row of rows) {
    const d = row.details ?? {};
    if (row.entity === 'workshop_date' || row.action === 'scheduled_message_defaults_applied') add(ids.dates, row.entityId);
    if (row.entity === 'booking') add(ids.bookings, row.entityId);
    if (row.entity === 'order') add(ids.orders, row.entityId);
    if (row.entity === 'waitlist_entry') add(ids.waitlistEntries, row.entityId);
    if (row.entity === 'refund_request' && idOf(d.bookingId) === undefined) add(ids.refundRequests, row.entityId);
    add(ids.bookings, d.bookingId);
    for (const [key, value] of Object.entries(d)) if (DATE_ID_KEY.test(key)) add(ids.dates, value);
    const changes = isRecord(d.changes) ? d.changes : {};
    for (const [key, value] of Object.entries(changes)) if (DATE_ID_KEY.test(key)) for (const each of Array.isArray(value) ? value : [value]) add(ids.dates, each);
  }
  return ids;
}
