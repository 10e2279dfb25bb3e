import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../server/db/client';
import { scheduledMessages, settings } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { SCHEDULE_PRESETS, type DateMessageDefaults, type DateMessageDefaultsResponse } from '../date-messages.schema';
import { cleanBody } from './fill-message';

/** The settings row holding the organiser's default scheduled messages. */
export const DEFAULTS_KEY = 'date-message-defaults';
const audit = auditOf('settings');

const storedSchema = z.object({
  messages: z.array(z.object({ offsetMinutes: z.number().int(), subject: z.string(), html: z.string() })).catch([]),
});

/** The defaults as saved; none until the organiser saves some (a row unreadable by now counts as none). */
export async function readDefaultMessages(db: Database): Promise<DateMessageDefaults['messages']> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, DEFAULTS_KEY)).limit(1);
  return storedSchema.catch({ messages: [] }).parse(row?.value ?? {}).messages;
}

/** GET /api/admin/date-message-defaults: the saved list, and the presets the screen offers to add. */
export async function getDefaultMessages(db: Database): Promise<DateMessageDefaultsResponse> {
  return { messages: await readDefaultMessages(db), presets: [...SCHEDULE_PRESETS] };
}

/** PUT /api/admin/date-message-defaults: replaces the list (bodies sanitised); new dates get copies of it. */
export async function saveDefaultMessages(db: Database, actor: Actor, input: DateMessageDefaults): Promise<DateMessageDefaultsResponse> {
  const messages = input.messages.map((message) => ({ ...message, html: cleanBody(message.html) }));
  await db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: DEFAULTS_KEY, value: { messages } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { messages }, updatedAt: sql`now()` } });
    await audit(tx, actor, 'date_message_defaults_saved', DEFAULTS_KEY, { count: messages.length });
  });
  return { messages, presets: [...SCHEDULE_PRESETS] };
}

/**
 * Gives a new date copies of the default scheduled messages, in the transaction that creates it.
 * Copies, not references: editing the defaults later changes only dates created after.
 */
export async function copyDefaultScheduledMessages(tx: Database, workshopDateId: number): Promise<number> {
  const defaults = await readDefaultMessages(tx);
  if (defaults.length === 0) return 0;
  await tx.insert(scheduledMessages).values(defaults.map((message) => ({ workshopDateId, ...message })));
  return defaults.length;
}
