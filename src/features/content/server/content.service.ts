import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { announcementInterest, announcements, blogPosts, testimonials } from '../../../server/db/schema';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { withIsoDates } from '../../../server/lib/rows';
import { HttpError } from '../../../server/plugins/error-handler';
import type { Announcement, BlogPost, Testimonial } from '../content.schema';

export async function listPublicTestimonials(db: Database): Promise<Testimonial[]> {
  const rows = await db
    .select()
    .from(testimonials)
    .where(eq(testimonials.isPublished, true))
    .orderBy(sql`coalesce(${testimonials.sortOrder}, 0) asc`, asc(testimonials.id));
  return rows.map(({ id, name, text, profileImageUrl, role, organization, sortOrder }) => ({
    id,
    name,
    text,
    profileImageUrl,
    role,
    organization,
    sortOrder,
  }));
}

export async function listPublicAnnouncements(db: Database): Promise<Announcement[]> {
  const rows = await db
    .select()
    .from(announcements)
    .where(eq(announcements.isPublished, true))
    .orderBy(asc(announcements.sortOrder), desc(announcements.createdAt));
  return rows.map(({ id, title, content, imageUrl, emailFormEnabled }) => ({
    id,
    title,
    // Cleaned on write too; cleaning again on read protects against rows written any other way.
    content: sanitizeHtml(content),
    imageUrl,
    emailFormEnabled,
  }));
}

/** Records interest once per address and announcement; asking twice is not an error. */
export async function registerAnnouncementInterest(db: Database, input: { email: string; announcementId: number }): Promise<void> {
  const [announcement] = await db
    .select({ id: announcements.id })
    .from(announcements)
    .where(
      and(eq(announcements.id, input.announcementId), eq(announcements.isPublished, true), eq(announcements.emailFormEnabled, true)),
    )
    .limit(1);
  if (!announcement) throw new HttpError(404, 'Announcement not found');
  await db
    .insert(announcementInterest)
    .values({ announcementId: announcement.id, email: input.email.toLowerCase() })
    .onConflictDoNothing();
}

type BlogPostRow = typeof blogPosts.$inferSelect;

/** What visitors see of a post: not the bookkeeping times, and the content sanitised again on the way out. */
function toPublicBlogPost({ createdAt: _createdAt, updatedAt: _updatedAt, ...post }: BlogPostRow): BlogPost {
  return { ...withIsoDates(post), content: sanitizeHtml(post.content) };
}

export async function listPublishedBlogPosts(db: Database): Promise<BlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(eq(blogPosts.isPublished, true))
    .orderBy(sql`${blogPosts.publishedAt} desc nulls last`, desc(blogPosts.id));
  return rows.map(toPublicBlogPost);
}

export async function getPublishedBlogPost(db: Database, slug: string): Promise<BlogPost | null> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), eq(blogPosts.isPublished, true)))
    .limit(1);
  return row ? toPublicBlogPost(row) : null;
}
