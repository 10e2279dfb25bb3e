import { and, asc, eq, isNull } from 'drizzle-orm';
import { formatCents } from '../../../common/money';
import { formatInstant } from '../../../common/time-zones';
import { workshopWhenFor } from '../../../common/workshop-time';
import type { Database } from '../../../server/db/client';
import { enqueueEmail } from '../../../server/email/outbox';
import { SealedTokens } from '../../../server/email/sealed-tokens';
import { waitlistEntries, workshopDates, workshopTemplates } from '../../../server/db/schema';
import { tokenFor, type TokenSigner } from '../../../server/lib/signed-token';
import { WAITLIST_TOKEN_PURPOSE, type WaitlistEntryRow } from '../../booking/server';
import type { EmailTemplateType } from '../../email-templates';
import { renderEmail, type TemplateValues } from '../../email-templates/server';
import { getPaymentSettings } from '../../settings/server';
import type { WaitlistDeps } from './waitlist-deps';

/*
 * The waiting list's e-mails, through the admin's templates ('waitlist-joined', 'waitlist-offer',
 * 'waitlist-offer-expired'). Their links carry the entry's token, sealed in the outbox and signed
 * as they are sent (sealed-tokens.ts).
 */

type DateRow = typeof workshopDates.$inferSelect;

/** How long the link in a joined e-mail works: leaving is possible as long as the entry can matter. */
const LEAVE_LINK_TTL_MS = 365 * 86_400_000;

export const seatsText = (seats: number) => (seats === 1 ? '1 seat' : `${seats} seats`);

/** The leave page of an entry (it also books its offer while one holds). */
export const leaveLinkFor = (signer: string | TokenSigner, publicUrl: string, entryId: number, ttlMs: number, now: number) =>
  `${publicUrl}/waitlist/${tokenFor(signer, WAITLIST_TOKEN_PURPOSE, String(entryId), ttlMs, now)}`;

/** The checkout of the seats an offer holds. */
export const offerLinkFor = (signer: string | TokenSigner, publicUrl: string, entryId: number, ttlMs: number, now: number) =>
  `${publicUrl}/checkout?offer=${tokenFor(signer, WAITLIST_TOKEN_PURPOSE, String(entryId), ttlMs, now)}`;

/** When the workshop is, on the person's clock beside the organiser's, or that the date is still to be set. */
function whenOf(date: DateRow, viewerZone: string | null): string {
  if (date.isTBC || !date.date) return 'date to be announced';
  return workshopWhenFor(date, viewerZone) ?? `${date.date}, ${date.time} ${date.timezone}`;
}

async function queue(tx: Database, entry: WaitlistEntryRow, type: EmailTemplateType, values: TemplateValues, tokens: SealedTokens): Promise<boolean> {
  const email = await renderEmail(tx, type, values);
  if (!email) return false;
  await enqueueEmail(tx, { to: entry.email, bcc: email.bcc, subject: email.subject, html: email.html, text: email.text, kind: type, tokens: tokens.tokens });
  return true;
}

/** Tells a person who joined their place in line and how to leave. `date` null: they wait for the next date of `workshopTitle`. */
export async function queueJoinedEmail(tx: Database, deps: Pick<WaitlistDeps, 'publicUrl'>, entry: WaitlistEntryRow, place: { position: number; date: DateRow | null; workshopTitle: string }, now: Date): Promise<boolean> {
  const tokens = new SealedTokens();
  const { waitlistOfferHours } = await getPaymentSettings(tx);
  return queue(
    tx,
    entry,
    'waitlist-joined',
    {
      firstName: entry.firstName,
      workshopTitle: place.workshopTitle,
      when: place.date ? whenOf(place.date, entry.timeZone) : 'the next date with room',
      position: place.position,
      seats: seatsText(entry.seats),
      offerHours: waitlistOfferHours,
      leaveLink: leaveLinkFor(tokens, deps.publicUrl, entry.id, LEAVE_LINK_TTL_MS, now.getTime()),
    },
    tokens,
  );
}

/**
 * E-mails the offers made since the last call (offer_emailed_at still null), each once: the
 * entries are claimed with SKIP LOCKED, so instances sending at once never send one twice. Offers
 * are made inside whatever transaction freed the seats (freed-seats.ts); this runs after it, on
 * every change of seat counts and on the background sweep. Answers the e-mails queued.
 */
export async function sendOfferEmails(deps: WaitlistDeps): Promise<number> {
  const now = deps.now();
  const sent = await deps.db.transaction(async (tx) => {
    const due = await tx
      .select({ entry: waitlistEntries, date: workshopDates })
      .from(waitlistEntries)
      .innerJoin(workshopDates, eq(workshopDates.id, waitlistEntries.workshopDateId))
      .where(and(eq(waitlistEntries.status, 'offered'), isNull(waitlistEntries.offerEmailedAt)))
      .orderBy(asc(waitlistEntries.id))
      .limit(100)
      .for('update', { of: waitlistEntries, skipLocked: true });
    let queued = 0;
    for (const { entry, date } of due) {
      const tokens = new SealedTokens();
      const ttl = entry.offerExpiresAt!.getTime() - now.getTime();
      const wrote = await queue(
        tx,
        entry,
        'waitlist-offer',
        {
          firstName: entry.firstName,
          workshopTitle: date.title,
          when: whenOf(date, entry.timeZone),
          seats: seatsText(entry.seats),
          deadline: formatInstant(entry.offerExpiresAt!, entry.timeZone ?? date.timezone),
          price: formatCents(entry.offerSeatCents!),
          offerLink: offerLinkFor(tokens, deps.publicUrl, entry.id, Math.max(ttl, 0), now.getTime()),
          declineLink: leaveLinkFor(tokens, deps.publicUrl, entry.id, LEAVE_LINK_TTL_MS, now.getTime()),
        },
        tokens,
      );
      await tx.update(waitlistEntries).set({ offerEmailedAt: now }).where(eq(waitlistEntries.id, entry.id));
      if (wrote) queued += 1;
    }
    return queued;
  });
  if (sent > 0) deps.onEmailQueued?.();
  return sent;
}

/** Tells a person their offer ran out and its seats went to the next in line. */
export async function queueOfferExpiredEmail(tx: Database, deps: Pick<WaitlistDeps, 'publicUrl'>, entry: WaitlistEntryRow, date: DateRow): Promise<boolean> {
  return queue(
    tx,
    entry,
    'waitlist-offer-expired',
    {
      firstName: entry.firstName,
      workshopTitle: date.title,
      when: whenOf(date, entry.timeZone),
      seats: seatsText(entry.seats),
      deadline: entry.offerExpiresAt ? formatInstant(entry.offerExpiresAt, entry.timeZone ?? date.timezone) : '',
      bookLink: `${deps.publicUrl}/#booking`,
    },
    new SealedTokens(),
  );
}

/** The title an entry waits under: its date's, or its workshop's. */
export async function workshopTitleOf(db: Database, entry: Pick<WaitlistEntryRow, 'workshopDateId' | 'templateId'>): Promise<string> {
  if (entry.workshopDateId !== null) {
    const [date] = await db.select({ title: workshopDates.title }).from(workshopDates).where(eq(workshopDates.id, entry.workshopDateId));
    if (date) return date.title;
  }
  if (entry.templateId !== null) {
    const [template] = await db.select({ title: workshopTemplates.title }).from(workshopTemplates).where(eq(workshopTemplates.id, entry.templateId));
    if (template) return template.title;
  }
  return 'your workshop';
}
