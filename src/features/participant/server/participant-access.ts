import { and, count, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../server/db/client';
import { bookings, emailOutbox, orders } from '../../../server/db/schema';
import { enqueueEmail } from '../../../server/email/outbox';
import { recordAudit } from '../../../server/lib/audit';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { tokenFor, verifyToken, type TokenSigner } from '../../../server/lib/signed-token';
import { getAdmin, getSession, startSession } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import { renderEmail } from '../../email-templates/server';

/**
 * Who may see a participant's bookings: whoever opened the link we e-mailed to that
 * address (a participant session for it), or an admin. Typing an e-mail proves nothing. An
 * address sees the seats in its name and every seat of the orders it bought.
 */

export const PARTICIPANT_LINK_PURPOSE = 'participant-access';
export const PARTICIPANT_LINK_TTL_MS = 7 * 86_400_000;
/** A participant session lasts as long as the link that started it could have. */
export const PARTICIPANT_SESSION_TTL_MS = PARTICIPANT_LINK_TTL_MS;
/** At most this many sign-in e-mails per address per hour, across every instance: no mail bombing. */
export const ACCESS_EMAILS_PER_HOUR = 3;
export const ACCESS_EMAIL_KIND = 'participant-access';

const PARTICIPANT_ENTITY = 'participant';
export const NOT_YOUR_BOOKINGS = 'You can only see your own bookings. Open the link we e-mailed you.';
export const SIGN_IN_FIRST = 'Open the link we e-mailed you to see your bookings.';

export function normaliseParticipantEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * `/participant?token=…`: opens that address's bookings for 7 days. Confirmation e-mails carry it
 * too, made with the e-mail's SealedTokens so the outbox stores a placeholder, not the token.
 */
export function participantLinkFor(signer: string | TokenSigner, publicUrl: string, email: string, now = Date.now()): string {
  const token = tokenFor(signer, PARTICIPANT_LINK_PURPOSE, normaliseParticipantEmail(email), PARTICIPANT_LINK_TTL_MS, now);
  return `${publicUrl}/participant?token=${encodeURIComponent(token)}`;
}

export function emailFromParticipantToken(secret: string, token: string | undefined | null): string | null {
  return verifyToken(secret, PARTICIPANT_LINK_PURPOSE, token);
}

/** Starts the participant session a valid link grants; false for a bad or expired link. */
export async function openParticipantLink(request: FastifyRequest, reply: Parameters<typeof startSession>[1], secret: string, token: string): Promise<boolean> {
  const email = emailFromParticipantToken(secret, token);
  if (!email) return false;
  // An admin testing a link keeps their admin session; they can open any participant view anyway.
  if (await getAdmin(request)) return true;
  await startSession(request, reply, { kind: 'participant', participantEmail: email, ttlMs: PARTICIPANT_SESSION_TTL_MS });
  return true;
}

/**
 * POST /api/participant/access: e-mails the link when the address has bookings. The caller answers
 * the same either way; the per-address hourly cap is counted in the outbox, so it holds across
 * instances.
 */
export async function requestParticipantLink(
  db: Database,
  deps: { publicUrl: string },
  rawEmail: string,
): Promise<{ queued: boolean }> {
  const email = normaliseParticipantEmail(rawEmail);
  return db.transaction(async (tx) => {
    // A buyer whose seats are all in other people's names has bookings here too: their orders'.
    const [booked] = await tx
      .select({ n: count() })
      .from(bookings)
      .innerJoin(orders, eq(orders.id, bookings.orderId))
      .where(
        and(
          or(sql`lower(${bookings.email}) = ${email}`, sql`lower(${orders.buyerEmail}) = ${email}`),
          inArray(bookings.status, ['confirmed', 'reserved', 'refunded']),
        ),
      );
    if (!booked?.n) return { queued: false };
    const [recent] = await tx
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, ACCESS_EMAIL_KIND), eq(emailOutbox.to, email), gt(emailOutbox.createdAt, sql`now() - interval '1 hour'`)));
    if ((recent?.n ?? 0) >= ACCESS_EMAILS_PER_HOUR) return { queued: false };
    const tokens = new SealedTokens();
    const link = participantLinkFor(tokens, deps.publicUrl, email);
    // The admin's 'participant-access' template; switched off, no link is e-mailed.
    const message = await renderEmail(tx, 'participant-access', { participantLink: link, email });
    if (!message) return { queued: false };
    await enqueueEmail(tx, {
      to: email,
      bcc: message.bcc,
      subject: message.subject,
      html: message.html,
      text: message.text,
      kind: ACCESS_EMAIL_KIND,
      tokens: tokens.tokens,
    });
    return { queued: true };
  });
}

export type ParticipantViewer = { kind: 'admin'; email: string } | { kind: 'participant'; email: string };

/** The caller's participant identity: an admin, a participant session, or 401. */
export async function requireParticipantViewer(request: FastifyRequest): Promise<ParticipantViewer> {
  const admin = await getAdmin(request);
  if (admin) return { kind: 'admin', email: admin.email };
  const session = await getSession(request);
  if (session?.kind === 'participant' && session.participantEmail) return { kind: 'participant', email: session.participantEmail };
  throw new HttpError(401, SIGN_IN_FIRST);
}

/** Refuses (403, logged) a participant asking for another address; admins see every address. */
export async function requireAccessToEmail(db: Database, request: FastifyRequest, email: string): Promise<ParticipantViewer> {
  const viewer = await requireParticipantViewer(request);
  if (viewer.kind === 'admin' || viewer.email === normaliseParticipantEmail(email)) return viewer;
  await recordDenied(db, request, viewer, { askedEmail: normaliseParticipantEmail(email) });
  throw new HttpError(403, NOT_YOUR_BOOKINGS);
}

type BookingRow = typeof bookings.$inferSelect;

/**
 * Who the caller is to a seat: its person (the address on it; an unnamed seat's is its buyer's),
 * its buyer (the address that bought its order), or an admin.
 */
export type SeatRole = 'admin' | 'attendee' | 'buyer';

/**
 * The booking, when the caller may act on it: its own person, the buyer of its order (who may
 * cancel or ask a refund for any seat they bought), or an admin. With `buyer: false` only the
 * seat's own person (or an admin) passes: a colleague's profile is theirs alone. A participant
 * gets the same 403 for someone else's booking and for one that does not exist, so ids cannot be
 * probed; an admin gets a plain 404.
 */
export function requireBookingAccess(
  db: Database,
  request: FastifyRequest,
  bookingId: number,
  { buyer = true }: { buyer?: boolean } = {},
): Promise<{ booking: BookingRow; viewer: ParticipantViewer; role: SeatRole }> {
  return requireSeatRole(db, request, bookingId, buyer ? ['attendee', 'buyer'] : ['attendee']);
}

/**
 * The seat and its order, when the caller bought that order (or is an admin): the calls that
 * manage an unnamed seat's claim link are the buyer's alone, not its attendee's. Refused like
 * requireBookingAccess (403 and an audit row; an admin's 404).
 */
export function requireSeatBuyer(db: Database, request: FastifyRequest, bookingId: number): Promise<{ booking: BookingRow; viewer: ParticipantViewer }> {
  return requireSeatRole(db, request, bookingId, ['buyer']);
}

/** The seat, when the participant is its attendee or its order's buyer as `allowed` says (an admin always). */
async function requireSeatRole(
  db: Database,
  request: FastifyRequest,
  bookingId: number,
  allowed: readonly Exclude<SeatRole, 'admin'>[],
): Promise<{ booking: BookingRow; viewer: ParticipantViewer; role: SeatRole }> {
  const viewer = await requireParticipantViewer(request);
  // A deleted booking is gone for everyone outside the audit log.
  const [found] = await db
    .select({ booking: bookings, buyerEmail: orders.buyerEmail })
    .from(bookings)
    .innerJoin(orders, eq(orders.id, bookings.orderId))
    .where(and(eq(bookings.id, bookingId), ne(bookings.status, 'deleted')))
    .limit(1);
  if (viewer.kind === 'admin') {
    if (!found) throw new HttpError(404, 'Booking not found');
    return { booking: found.booking, viewer, role: 'admin' };
  }
  const roles: Record<Exclude<SeatRole, 'admin'>, string | undefined> = { attendee: found?.booking.email, buyer: found?.buyerEmail };
  const role = allowed.find((candidate) => roles[candidate] !== undefined && normaliseParticipantEmail(roles[candidate]) === viewer.email);
  if (found && role) return { booking: found.booking, viewer, role };
  await recordDenied(db, request, viewer, { bookingId });
  throw new HttpError(403, NOT_YOUR_BOOKINGS);
}

async function recordDenied(db: Database, request: FastifyRequest, viewer: ParticipantViewer, details: Record<string, unknown>) {
  request.log.warn({ participant: viewer.email, ...details, url: request.url }, 'participant asked for what is not theirs');
  await recordAudit(db, { actor: viewer.email, action: 'participant_access_denied', entity: PARTICIPANT_ENTITY, details: { ...details, method: request.method, url: request.url.split('?')[0] } });
}
