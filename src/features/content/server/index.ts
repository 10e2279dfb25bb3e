/** Public entry of the content feature, server only (services, routes helpers): what other features may import from it (docs/decisions/013-import-boundaries.md). */
export { getPublishedBlogPost, listPublishedBlogPosts } from './content.service';
export type { BlogPost } from '../content.schema';
