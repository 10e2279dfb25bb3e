import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { announcementInterest, announcements, testimonials } from '../../../server/db/schema';
import { auditOf, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, insertRow, listRows, sentFields, withIsoDates } from '../../../server/lib/rows';
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

// ---------------------------------------------------------------- testimonials

const auditTestimonial = auditOf('testimonial');
/** Every testimonial, in the public order (sortOrder with missing as 0, then id). */
export function listAdminTestimonials(db: Database): Promise<AdminTestimonial[]> {
  return listRows(db, testimonials, sql`coalesce(${testimonials.sortOrder}, 0) asc`, asc(testimonials.id));
}

export async function createTestimonial(db: Database, actor: Actor, input: TestimonialInput): Promise<AdminTestimonial> {
  const values = {
    name: input.name,
    text: input.text,
    role: input.role ?? null,
    organization: input.organization ?? null,
    profileImageUrl: input.profileImageUrl ?? null,
    sortOrder: input.sortOrder ?? null,
    isPublished: input.isPublished ?? true,
  };
  const row = await insertRow(db, testimonials, values, (tx, { id, name }) => auditTestimonial(tx, actor, 'testimonial_created', id, { name }));
  return withIsoDates(row);
}

export async function updateTestimonial(db: Database, actor: Actor, id: number, changes: TestimonialUpdate): Promise<AdminTestimonial> {
  return db.transaction(async (tx) => {
    const set = sentFields(changes);
    const [row] =
      Object.keys(set).length === 0
        ? await tx.select().from(testimonials).where(eq(testimonials.id, id))
        : await tx.update(testimonials).set(set).where(eq(testimonials.id, id)).returning();
    if (!row) throw new HttpError(404, TESTIMONIAL_NOT_FOUND);
    if (Object.keys(set).length > 0) {
      await auditTestimonial(tx, actor, 'testimonial_updated', id, { name: row.name, fields: Object.keys(set) });
    }
    return withIsoDates(row);
  });
}

export async function deleteTestimonial(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, testimonials, id, TESTIMONIAL_NOT_FOUND, (tx, row) => auditTestimonial(tx, actor, 'testimonial_deleted', id, { name: row.name }));
}

// ---------------------------------------------------------------- announcements

type AnnouncementRow = typeof announcements.$inferSelect;

const auditAnnouncement = auditOf('announcement');
const toAdminAnnouncement = (row: AnnouncementRow, interestCount: number): AdminAnnouncement => ({ ...withIsoDates(row), interestCount });

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

export async function createAnnouncement(db: Database, actor: Actor, input: AnnouncementInput): Promise<AdminAnnouncement> {
  const values = {
    title: input.title,
    content: sanitizeHtml(input.content ?? ''),
    imageUrl: input.imageUrl ?? null,
    emailFormEnabled: input.emailFormEnabled ?? false,
    isPublished: input.isPublished ?? true,
    sortOrder: input.sortOrder ?? 0,
  };
  const row = await insertRow(db, announcements, values, (tx, { id, title }) => auditAnnouncement(tx, actor, 'announcement_created', id, { title }));
  return toAdminAnnouncement(row, 0);
}

export async function updateAnnouncement(db: Database, actor: Actor, id: number, changes: AnnouncementUpdate): Promise<AdminAnnouncement> {
  return db.transaction(async (tx) => {
    const { content, sortOrder, ...rest } = changes;
    const set: Partial<typeof announcements.$inferInsert> = sentFields(rest);
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
      await auditAnnouncement(tx, actor, 'announcement_updated', id, { title: row.title, fields });
    }
    return toAdminAnnouncement(row, await countInterest(tx, id));
  });
}

/** Deletes an announcement; its interest list goes with it (FK cascade). */
export async function deleteAnnouncement(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, announcements, id, ANNOUNCEMENT_NOT_FOUND, (tx, row) => auditAnnouncement(tx, actor, 'announcement_deleted', id, { title: row.title }));
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
  return rows.map(({ id, email, createdAt }) => withIsoDates({ id, email, createdAt }));
}
