import { z } from 'zod';
import { apiRead } from '../../../../client/lib/api-read';
import { blogPostSchema } from '../../content.schema';

/** Published posts only, newest first. */
export const blogPosts = apiRead('/api/blog-posts', z.array(blogPostSchema));
export const useBlogPosts = blogPosts.useRead;
