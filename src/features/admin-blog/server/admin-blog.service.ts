import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { blogPosts } from '../../../server/db/schema';
import { recordAudit } from '../../../server/lib/audit';
import { sanitizeHtml } from '../../../server/lib/sanitize-html';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  POST_NOT_FOUND,
  SLUG_FROM_TITLE_IMPOSSIBLE,
  SLUG_TAKEN,
  slugify,
  type AdminBlogPost,
  type BlogPostInput,
  type BlogPostUpdate,
} from '../admin-blog.schema';
import { isUniqueViolation } from './unique-violation';

const ENTITY = 'blog_post';

type Row = typeof blogPosts.$inferSelect;

function toAdminBlogPost(row: Row): AdminBlogPost {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    content: row.content,
    featuredImageUrl: row.featuredImageUrl,
    authorName: row.authorName,
    isPublished: row.isPublished,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The name part of an admin's e-mail ('jane.doe@example.com' → 'jane.doe'): the default author. */
export function authorFromEmail(email: string): string {
  return email.split('@')[0]?.trim() || email;
}

/** The given slug, or one made from the title; 400 when neither gives one. */
function chooseSlug(slug: string, title: string): string {
  const chosen = slug || slugify(title);
  if (!chosen) throw new HttpError(400, SLUG_FROM_TITLE_IMPOSSIBLE);
  return chosen;
}

const slugTaken = () => new HttpError(409, SLUG_TAKEN, 'blog_slug_taken');

/** Every post, published or not, newest first (by published date, else by creation). */
export async function listAdminBlogPosts(db: Database): Promise<AdminBlogPost[]> {
  const rows = await db
    .select()
    .from(blogPosts)
    .orderBy(sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) desc`, desc(blogPosts.id));
  return rows.map(toAdminBlogPost);
}

/**
 * Creates a post. The slug is the one given or is made from the title; a slug in use is 409
 * either way (the unique constraint settles two admins saving the same slug at once). A
 * published post without a date is dated now.
 */
export async function createBlogPost(db: Database, actor: string, input: BlogPostInput): Promise<AdminBlogPost> {
  const slug = chooseSlug(input.slug, input.title);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPosts)
      .values({
        slug,
        title: input.title,
        excerpt: input.excerpt,
        content: sanitizeHtml(input.content),
        featuredImageUrl: input.featuredImageUrl,
        authorName: input.authorName ?? authorFromEmail(actor),
        isPublished: input.isPublished,
        publishedAt: input.publishedAt ?? (input.isPublished ? new Date() : null),
      })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning();
    if (!row) throw slugTaken();
    await recordAudit(tx, {
      actor,
      action: 'blog_post_created',
      entity: ENTITY,
      entityId: row.id,
      details: { slug: row.slug, title: row.title, isPublished: row.isPublished },
    });
    return toAdminBlogPost(row);
  });
}

/**
 * Changes any of the fields. An empty slug is made again from the (new) title. publishedAt
 * records the first publication: unpublishing keeps it, and publishing again keeps the original
 * date unless a new one is sent; a post published without any date is dated now.
 */
export async function updateBlogPost(db: Database, actor: string, id: number, changes: BlogPostUpdate): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id)).for('update');
    if (!before) throw new HttpError(404, POST_NOT_FOUND);

    const set: Partial<typeof blogPosts.$inferInsert> = {};
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.slug !== undefined) set.slug = chooseSlug(changes.slug, set.title ?? before.title);
    if (changes.excerpt !== undefined) set.excerpt = changes.excerpt;
    if (changes.content !== undefined) set.content = sanitizeHtml(changes.content);
    if (changes.featuredImageUrl !== undefined) set.featuredImageUrl = changes.featuredImageUrl;
    if (changes.authorName !== undefined) set.authorName = changes.authorName;
    if (changes.isPublished !== undefined) set.isPublished = changes.isPublished;
    if (changes.publishedAt !== undefined) set.publishedAt = changes.publishedAt;
    const isPublished = set.isPublished ?? before.isPublished;
    const publishedAt = set.publishedAt === undefined ? before.publishedAt : set.publishedAt;
    if (isPublished && !publishedAt) set.publishedAt = new Date();

    if (set.slug !== undefined && set.slug !== before.slug) {
      const [clash] = await tx
        .select({ id: blogPosts.id })
        .from(blogPosts)
        .where(and(eq(blogPosts.slug, set.slug), ne(blogPosts.id, id)))
        .limit(1);
      if (clash) throw slugTaken();
    }

    let row: Row | undefined;
    try {
      [row] = await tx
        .update(blogPosts)
        .set({ ...set, updatedAt: new Date() })
        .where(eq(blogPosts.id, id))
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
    if (!row) throw new HttpError(404, POST_NOT_FOUND);

    const changed = Object.fromEntries(
      Object.entries(set)
        .filter(([key]) => key !== 'content')
        .map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
    );
    await recordAudit(tx, {
      actor,
      action: 'blog_post_updated',
      entity: ENTITY,
      entityId: id,
      details: { slug: row.slug, changes: changed, contentChanged: set.content !== undefined && set.content !== before.content },
    });
    return toAdminBlogPost(row);
  });
}

export async function deleteBlogPost(db: Database, actor: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(blogPosts).where(eq(blogPosts.id, id)).returning();
    if (!row) throw new HttpError(404, POST_NOT_FOUND);
    await recordAudit(tx, {
      actor,
      action: 'blog_post_deleted',
      entity: ENTITY,
      entityId: id,
      details: { slug: row.slug, title: row.title, wasPublished: row.isPublished },
    });
  });
}
