import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import { blogPosts } from '../../../server/db/schema';
import { auditOf, changedNewValues, type Actor } from '../../../server/lib/audit';
import { deleteRowOr404, listRows, refusedAs, lockRowOr404, sentFields, withIsoDates } from '../../../server/lib/rows';
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

const audit = auditOf('blog_post');

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
export function listAdminBlogPosts(db: Database): Promise<AdminBlogPost[]> {
  return listRows(db, blogPosts, sql`coalesce(${blogPosts.publishedAt}, ${blogPosts.createdAt}) desc`, desc(blogPosts.id));
}

/**
 * Creates a post. The slug is the one given or is made from the title; a slug in use is 409
 * either way (the unique constraint settles two admins saving the same slug at once). A
 * published post without a date is dated now.
 */
export async function createBlogPost(db: Database, actor: Actor, input: BlogPostInput): Promise<AdminBlogPost> {
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
        authorName: input.authorName ?? authorFromEmail(actor.email),
        isPublished: input.isPublished,
        publishedAt: input.publishedAt ?? (input.isPublished ? new Date() : null),
      })
      .onConflictDoNothing({ target: blogPosts.slug })
      .returning();
    if (!row) throw slugTaken();
    await audit(tx, actor, 'blog_post_created', row.id, { slug: row.slug, title: row.title, isPublished: row.isPublished });
    return withIsoDates(row);
  });
}

/**
 * Changes any of the fields. An empty slug is made again from the (new) title. publishedAt
 * records the first publication: unpublishing keeps it, and publishing again keeps the original
 * date unless a new one is sent; a post published without any date is dated now.
 */
export async function updateBlogPost(db: Database, actor: Actor, id: number, changes: BlogPostUpdate): Promise<AdminBlogPost> {
  return db.transaction(async (tx) => {
    const before = await lockRowOr404(tx, blogPosts, id, POST_NOT_FOUND);

    const set: Partial<typeof blogPosts.$inferInsert> = sentFields(changes);
    if (set.slug !== undefined) set.slug = chooseSlug(set.slug, set.title ?? before.title);
    if (set.content !== undefined) set.content = sanitizeHtml(set.content);
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

    const [row] = await refusedAs(
      () =>
        tx
          .update(blogPosts)
          .set({ ...set, updatedAt: new Date() })
          .where(eq(blogPosts.id, id))
          .returning(),
      '23505',
      slugTaken,
    );
    if (!row) throw new HttpError(404, POST_NOT_FOUND);

    const { content: _content, ...rest } = set;
    const contentChanged = set.content !== undefined && set.content !== before.content;
    await audit(tx, actor, 'blog_post_updated', id, { slug: row.slug, title: row.title, changes: changedNewValues(before, rest), contentChanged });
    return withIsoDates(row);
  });
}

export async function deleteBlogPost(db: Database, actor: Actor, id: number): Promise<void> {
  await deleteRowOr404(db, blogPosts, id, POST_NOT_FOUND, (tx, row) =>
    audit(tx, actor, 'blog_post_deleted', id, { slug: row.slug, title: row.title, wasPublished: row.isPublished }),
  );
}
