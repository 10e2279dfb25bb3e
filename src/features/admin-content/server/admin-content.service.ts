import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { announcementInterest, announcements, testimonials } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  ANNOUNCEMENT_NOT_FOUND,
  TESTIMONIAL_NOT_FOUND,
  type AdminAnnouncement,
  type AdminTestimonial,
  type AnnouncementInput,
  type AnnouncementInterestEntry,
  type AnnouncementUpdate,
  type TestimonialInput,
  type TestimonialUpdate,
} from '../admin-content.schema';

/** Only the fields a caller sent: undefined means "leave as it is". */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}

// ---------------------------------------------------------------- testimonials

type TestimonialRow = typeof testimonials.$inferSelect;

function toAdminTestimonial(row: TestimonialRow): AdminTestimonial {
  return {
    id: row.id,
    name: row.name,
    text: row.text,
    role: row.role,
    organization: row.organization,
    profileImageUrl: row.profileImageUrl,
    sortOrder: row.sortOrder,
    isPublished: row.isPublished,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every testimonial, in the public order (sortOrder with missing as 0, then id). */
export async function listAdminTestimonials(db: Database): Promise<AdminTestimonial[]> {
  const rows = await db.select().from(testimonials).orderBy(sql`coalesce(${testimonials.sortOrder}, 0) asc`, asc(testimonials.id));
  return rows.map(toAdminTestimonial);
}

export async function createTestimonial(db: Database, actor: string, input: TestimonialInput): Promise<AdminTestimonial> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(testimonials)
      .values({
        name: input.name,
        text: input.text,
        role: input.role ?? null,
        organization: input.organization ?? null,
        profileImageUrl: input.profileImageUrl ?? null,
        sortOrder: input.sortOrder ?? null,
        isPublished: input.isPublished ?? true,
      })
      .returning();
    await recordAudit(tx, { actor, action: 'testimonial_created', entity: 'testimonial', entityId: row!.id, details: { name: row!.name } });
    return toAdminTestimonial(row!);
  });
}

export async function updateTestimonial(db: Database, actor: string, id: number, changes: TestimonialUpdate): Promise<AdminTestimonial> {
  return db.transaction(async (tx) => {
    const set = definedOnly(changes);
    const [row] =
      Object.keys(set).length === 0
        ? await tx.select().from(testimonials).where(eq(testimonials.id, id))
        : await tx.update(testimonials).set(set).where(eq(testimonials.id, id)).returning();
    if (!row) throw new HttpError(404, TESTIMONIAL_NOT_FOUND);
    if (Object.keys(set).length > 0) {
      await recordAudit(tx, { actor, action: 'testimonial_updated', entity: 'testimonial', entityId: id, details: { name: row.name, fields: Object.keys(set) } });
    }
    return toAdminTestimonial(row);
  });
}

export async function deleteTestimonial(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(testimonials).where(eq(testimonials.id, id)).returning();
    if (!row) throw new HttpError(404, TESTIMONIAL_NOT_FOUND);
    await recordAudit(tx, { actor, action: 'testimonial_deleted', entity: 'testimonial', entityId: id, details: { name: row.name } });
  });
}

// ---------------------------------------------------------------- announcements

type AnnouncementRow = typeof announcements.$inferSelect;

function toAdminAnnouncement(row: AnnouncementRow, interestCount: number): AdminAnnouncement {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    imageUrl: row.imageUrl,
    emailFormEnabled: row.emailFormEnabled,
    isPublished: row.isPublished,
    sortOrder: row.sortOrder,
    interestCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}


async function countInterest(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ total: count() }).from(announcementInterest).where(eq(announcementInterest.announcementId, id));
  return Number(row?.total ?? 0);
}

/** Every announcement, in the public order (sortOrder, newest first), with how many registered interest. */
export async function listAdminAnnouncements(db: Database): Promise<AdminAnnouncement[]> {
  const [rows, counts] = await Promise.all([
    db.select().from(announcements).orderBy(asc(announcements.sortOrder), desc(announcements.createdAt), desc(announcements.id)),
    db
      .select({ announcementId: announcementInterest.announcementId, total: count() })
      .from(announcementInterest)
      .groupBy(announcementInterest.announcementId),
  ]);
  const countById = new Map(counts.map((row) => [row.announcementId, Number(row.total)]));
  return rows.map((row) => toAdminAnnouncement(row, countById.get(row.id) ?? 0));
}

/** The HTML as it will be stored and shown: sanitised on every write. */
export function previewHtml(content: string): string {
  return sanitizeHtml(content);
}

export async function createAnnouncement(db: Database, actor: string, input: AnnouncementInput): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        title: input.title,
        content: sanitizeHtml(input.content ?? ''),
        imageUrl: input.imageUrl ?? null,
        emailFormEnabled: input.emailFormEnabled ?? false,
        isPublished: input.isPublished ?? true,
        sortOrder: input.sortOrder ?? 0,
      })
      .returning();
    await recordAudit(tx, { actor, action: 'announcement_created', entity: 'announcement', entityId: row!.id, details: { title: row!.title } });
    return toAdminAnnouncement(row!, 0);
  });
}

export async function updateAnnouncement(db: Database, actor: string, id: number, changes: AnnouncementUpdate): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const { content, sortOrder, ...rest } = changes;
    const set: Partial<typeof announcements.$inferInsert> = definedOnly(rest);
    if (content !== undefined) set.content = sanitizeHtml(content);
    if (sortOrder !== undefined) set.sortOrder = sortOrder ?? 0;
    const fields = Object.keys(set);
    const [row] =
      fields.length === 0
        ? await tx.select().from(announcements).where(eq(announcements.id, id))
        : await tx
            .update(announcements)
            .set({ ...set, updatedAt: new Date() })
            .where(eq(announcements.id, id))
            .returning();
    if (!row) throw new HttpError(404, ANNOUNCEMENT_NOT_FOUND);
    if (fields.length > 0) {
      await recordAudit(tx, { actor, action: 'announcement_updated', entity: 'announcement', entityId: id, details: { title: row.title, fields } });
    }
    return toAdminAnnouncement(row, await countInterest(tx, id));
  });
}

/** Deletes an announcement; its interest list goes with it (FK cascade). */
export async function deleteAnnouncement(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(announcements).where(eq(announcements.id, id)).returning();
    if (!row) throw new HttpError(404, ANNOUNCEMENT_NOT_FOUND);
    await recordAudit(tx, { actor, action: 'announcement_deleted', entity: 'announcement', entityId: id, details: { title: row.title } });
  });
}

/** The addresses that asked to hear more, newest first; 404 for an announcement that does not exist. */
export async function listAnnouncementInterest(db: Database, id: number): Promise<AnnouncementInterestEntry[]> {
  const [announcement] = await db.select({ id: announcements.id }).from(announcements).where(eq(announcements.id, id)).limit(1);
  if (!announcement) throw new HttpError(404, ANNOUNCEMENT_NOT_FOUND);
  const rows = await db
    .select()
    .from(announcementInterest)
    .where(eq(announcementInterest.announcementId, id))
    .orderBy(desc(announcementInterest.createdAt), desc(announcementInterest.id));
  return rows.map((row) => ({ id: row.id, email: row.email, createdAt: row.createdAt.toISOString() }));
}
