import { formatCents } from '../../common/money';
import type { AuditEntryDto } from './operations.schema';

/**
 * An audit row as a sentence an admin reads at a glance (issue 17):
 * 'ana@example.com (admin) deleted booking #12 for bo@example.com — payment refunded in full'.
 * Pure: the rows' shapes are the services' `recordAudit` calls; an action this file does not know
 * still reads sensibly ('created blog post #3 “Hello”') from its entity and verb.
 */

type Details = Record<string, unknown>;
type Entry = Pick<AuditEntryDto, 'actor' | 'action' | 'entity' | 'entityId' | 'details'>;

const ENTITY_LABELS: Record<string, string> = {
  admin_user: 'admin',
  booking: 'booking',
  blog_post: 'blog post',
  contact_message: 'contact message',
  discount_code: 'discount code',
  email_outbox: 'e-mail',
  email_template: 'e-mail template',
  newsletter_subscriber: 'newsletter subscriber',
  refund_request: 'refund request',
  uploaded_file: 'image',
  workshop_asset: 'workshop material',
  workshop_date: 'workshop date',
  workshop_template: 'workshop template',
};

const text = (d: Details, key: string): string | undefined => (typeof d[key] === 'string' && d[key] !== '' ? (d[key] as string) : undefined);
const num = (d: Details, key: string): number | undefined => (typeof d[key] === 'number' ? (d[key] as number) : undefined);
const quoted = (value: string | undefined) => (value === undefined ? '' : ` “${value}”`);
/** ' — refunded $40.00'; nothing for an empty part. */
const tail = (...parts: (string | undefined | false)[]) => parts.filter(Boolean).map((part) => ` — ${part}`).join('');

function entityLabel(entity: string | null): string {
  if (!entity) return 'record';
  return ENTITY_LABELS[entity] ?? entity.replace(/[_.]/g, ' ');
}

/** 'booking #12', 'e-mail template “reminder”', or just 'booking' without an id. */
function thing(entity: string | null, entityId: string | null): string {
  const label = entityLabel(entity);
  if (entityId === null) return label;
  return /^\d+$/.test(entityId) ? `${label} #${entityId}` : `${label} “${entityId}”`;
}

/** The changed field names an update records, as a list or as the keys of a before/after map. */
function changedFields(d: Details): string | undefined {
  const value = d.fields ?? d.changes;
  const names = Array.isArray(value) ? value.filter((name) => typeof name === 'string') : value && typeof value === 'object' ? Object.keys(value) : [];
  return names.length > 0 ? `changed ${names.join(', ')}` : undefined;
}

/** Who: 'The system', 'Someone not signed in', or the e-mail with the role it acted in. */
export function auditActorText(entry: Pick<Entry, 'actor' | 'action' | 'details'>): string {
  if (entry.actor === 'system') return 'The system';
  // The system on someone's behalf (the cancellation policy) names itself; it is nobody's role.
  if (entry.actor.startsWith('the system (')) return `The system (${entry.actor.slice('the system ('.length)}`;
  if (entry.actor === 'anonymous') return 'Someone not signed in';
  const by = text(entry.details ?? {}, 'by');
  const role = entry.action === 'participant_access_denied' ? 'participant' : by && by !== 'admin' ? by : 'admin';
  return `${entry.actor} (${role})`;
}

type Phrase = (entry: Entry, d: Details) => string;

const forBooking = (d: Details) => (text(d, 'email') ? ` for ${text(d, 'email')}` : '');
const forBookingId = (d: Details) => (num(d, 'bookingId') === undefined ? '' : ` for booking #${num(d, 'bookingId')}`);
const amount = (d: Details, key = 'amountCents') => (num(d, key) === undefined ? undefined : formatCents(num(d, key)!));

/** What: the verb phrase after the actor, for the actions the services record. */
const PHRASES: Record<string, Phrase> = {
  login_succeeded: (_e, d) => (num(d, 'totpStep') === undefined ? 'signed in' : 'signed in with an authenticator code'),
  login_failed: (_e, d) => `failed to sign in${text(d, 'email') ? ` as ${text(d, 'email')}` : ''}`,
  login_throttled: (_e, d) => `was stopped after too many sign-in attempts${text(d, 'email') ? ` as ${text(d, 'email')}` : ''}`,
  login_password_accepted: () => 'entered the right password and was asked for a code',
  logout: () => 'signed out',
  totp_setup_started: () => 'started setting up two-step sign-in',
  totp_enabled: () => 'turned on two-step sign-in',
  totp_disabled: () => 'turned off two-step sign-in',
  totp_code_rejected: () => 'entered a wrong authenticator code',
  admin_created: (_e, d) => `added the admin ${text(d, 'email') ?? ''}`.trim(),
  admin_removed: (_e, d) => `removed the admin ${text(d, 'email') ?? ''}`.trim(),
  admin_restored: (_e, d) => `restored the admin ${text(d, 'email') ?? ''} from ADMIN_EMAIL`,
  admin_password_reset: (_e, d) => `reset the password of ${text(d, 'email') ?? 'an admin'} from ADMIN_EMAIL`,

  booking_deleted: (e, d) => {
    const payment = text(d, 'payment');
    return `deleted ${thing(e.entity, e.entityId)}${forBooking(d)}${tail(payment && payment !== 'none' && `payment ${payment}`)}`;
  },
  booking_cancelled: (e, d) => {
    const refund = num(d, 'refundCents');
    const credit = text(d, 'creditCode');
    return `cancelled ${thing(e.entity, e.entityId)}${tail(refund ? `refunded ${formatCents(refund)}` : !credit && 'no refund', credit && `credit code ${credit}`)}`;
  },
  booking_moved: (e, d) => `moved ${thing(e.entity, e.entityId)} from workshop date #${String(d.fromWorkshopDateId)} to #${String(d.toWorkshopDateId)}`,
  booking_marked_paid: (e, d) => `marked ${thing(e.entity, e.entityId)} as paid${tail(amount(d), text(d, 'note'))}`,
  booking_attendance_updated: (e, d) => `marked ${thing(e.entity, e.entityId)} as ${d.hasAttended ? 'attended' : 'not attended'}`,
  booking_confirmation_resent: (e, d) => `sent the confirmation of ${thing(e.entity, e.entityId)} again${text(d, 'to') ? ` to ${text(d, 'to')}` : ''}`,
  reservation_expired: (e) => `let the unpaid reservation ${thing(e.entity, e.entityId)} expire`,

  refund_requested: (e, d) => `asked for a refund${forBookingId(d)} (${thing(e.entity, e.entityId)})`,
  refund_approved: (e, d) => `approved ${thing(e.entity, e.entityId)}${forBookingId(d)}${tail(amount(d) && `refunded ${amount(d)}`)}`,
  refund_sent: (e, d) => `sent the money of ${thing(e.entity, e.entityId)}${forBookingId(d)}${tail(amount(d) && `refunded ${amount(d)}`)}`,
  refund_rejected: (e, d) => `rejected ${thing(e.entity, e.entityId)}${forBookingId(d)}${tail(text(d, 'notes'))}`,
  refund_failed: (e, d) => `could not pay out ${thing(e.entity, e.entityId)}${forBookingId(d)}${tail(text(d, 'error') ?? text(d, 'notes'))}`,

  admin_email_queued: (_e, d) => `queued an e-mail${quoted(text(d, 'subject'))} to ${text(d, 'to') ?? 'a participant'}`,
  'email.retry': (e, d) => `put ${thing(e.entity, e.entityId)}${text(d, 'to') ? ` to ${text(d, 'to')}` : ''} back in the queue`,
  email_template_saved: (e) => `saved the ${thing(e.entity, e.entityId)}`,
  email_test_sent: (e, d) => `sent a test of the ${thing(e.entity, e.entityId)} to ${text(d, 'to') ?? '?'}`,
  email_test_queued: (e, d) => `queued a test of the ${thing(e.entity, e.entityId)} to ${text(d, 'to') ?? '?'}`,
  email_test_failed: (e, d) => `failed to send a test of the ${thing(e.entity, e.entityId)} to ${text(d, 'to') ?? '?'}${tail(text(d, 'error'))}`,
  newsletter_sent: (_e, d) => `sent the newsletter${quoted(text(d, 'subject'))} to ${num(d, 'queued') ?? 0} subscribers`,

  'backup.download': () => 'downloaded a backup',
  'backup.restore': (_e, d) => `restored a backup${num(d, 'rows') === undefined ? '' : ` (${num(d, 'rows')} rows)`}`,
  settings_updated: (_e, d) => `updated the settings${tail(changedFields(d))}`,
  csv_imported: (e, d) =>
    `imported a CSV of ${entityLabel(e.entity)}${tail(num(d, 'imported') !== undefined && `${num(d, 'imported')} rows (${num(d, 'created') ?? 0} new, ${num(d, 'updated') ?? 0} updated)`)}`,
  image_uploaded: (e) => `uploaded ${thing(e.entity, e.entityId)}`,
  participant_access_denied: (_e, d) => `was refused access${text(d, 'url') ? ` to ${text(d, 'url')}` : ''}`,
};

/** The name a created, changed or deleted thing is known by. */
function nameOf(d: Details): string | undefined {
  return text(d, 'title') ?? text(d, 'name') ?? text(d, 'code') ?? text(d, 'slug') ?? text(d, 'email');
}

/** 'blog_post_deleted' on 'blog_post' → 'deleted blog post #3 “Hello”'; 'x_status_changed' → 'changed the status of …'. */
function genericPhrase(entry: Entry, d: Details): string {
  const prefix = entry.entity ? `${entry.entity}_` : '';
  const rest = prefix && entry.action.startsWith(prefix) ? entry.action.slice(prefix.length) : null;
  const target = `${thing(entry.entity, entry.entityId)}${quoted(nameOf(d))}`;
  if (rest && /^[a-z]+ed$/.test(rest)) return `${rest} ${target}${tail(changedFields(d))}`;
  const changed = rest?.match(/^([a-z_]+)_changed$/);
  if (changed) return `changed the ${changed[1]!.replace(/_/g, ' ')} of ${target}`;
  return `did “${entry.action}” on ${target}`;
}

/** The whole sentence, without the time (the panel shows that beside it). */
export function auditEntryText(entry: Entry): string {
  const details = entry.details ?? {};
  const phrase = (Object.hasOwn(PHRASES, entry.action) ? PHRASES[entry.action]! : genericPhrase)(entry, details);
  return `${auditActorText(entry)} ${phrase}`;
}

const MINUTE = 60_000;

/**
 * When, as people say it: 'just now', '5 min ago', 'today at 2:05 PM', 'yesterday at 9:30 AM',
 * else 'Nov 22, 2026, 8:46 AM'. `timeZone` is the reader's (the browser's when not given).
 */
export function auditTimeText(iso: string, now: Date, timeZone?: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  const ago = now.getTime() - at.getTime();
  if (ago >= 0 && ago < MINUTE) return 'just now';
  if (ago >= 0 && ago < 60 * MINUTE) return `${Math.floor(ago / MINUTE)} min ago`;
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  const clock = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
  const yesterday = new Date(now.getTime() - 24 * 60 * MINUTE);
  if (day.format(at) === day.format(now)) return `today at ${clock}`;
  if (day.format(at) === day.format(yesterday)) return `yesterday at ${clock}`;
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(at);
}
