import type { FetchQueryOptions } from '@tanstack/react-query';
import { blogPostSlug } from '../../common/route-meta';
import { announcements } from '../../features/content/ui/api/get-announcements';
import { paymentConfig } from '../../features/booking/ui/checkout/api/get-payment-config';
import { paymentDetailsQueryOptions } from '../../features/booking/ui/checkout/api/get-payment-details';
import { blogPostQueryOptions } from '../../features/content/ui/api/get-blog-post';
import { blogPosts } from '../../features/content/ui/api/get-blog-posts';
import { testimonials } from '../../features/content/ui/api/get-testimonials';
import { siteContent } from '../../features/workshops/ui/api/get-site-content';
import { workshopDateQueryOptions } from '../../features/workshops/ui/api/get-workshop-date';
import { workshopDatesQueryOptions } from '../../features/workshops/ui/api/get-workshop-dates';

/**
 * The pages the server renders with their data, and the reads each one shows: the
 * server answers them before rendering and puts them in the page, so the HTML holds the offer and
 * the browser starts from the same data instead of asking again before it can show anything.
 */
export const SERVER_RENDERED_PATHS = ['/', '/intro', '/blog'] as const;

/** Whether the server renders `path` with its data: the fixed pages above and every blog post. */
export function isServerRendered(path: string): boolean {
  return (SERVER_RENDERED_PATHS as readonly string[]).includes(path) || blogPostSlug(path) !== null;
}

// Typed loosely on purpose: each read has its own data type, and the list only feeds prefetchQuery.
type PageRead = FetchQueryOptions<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The reads the page at `path` shows; empty for a page the server does not render with data. */
export function pageReads(path: string): PageRead[] {
  if (path === '/') return [workshopDatesQueryOptions(), siteContent.options(), testimonials.options(), announcements.options()];
  if (path === '/intro') return [workshopDatesQueryOptions(), siteContent.options()];
  if (path === '/blog') return [blogPosts.options()];
  const slug = blogPostSlug(path);
  return slug ? [blogPostQueryOptions(slug)] : [];
}

/**
 * What a pay-later link's checkout reads before it can show anything (the reservation, its date,
 * the payment provider), each read only once the one before it has answered. The checkout stays
 * rendered by the app, but the server puts these answers in its page, so the app starts where
 * they leave off instead of a round trip or two behind.
 */
export function payLinkReads(bookingId: number, token: string) {
  const details = paymentDetailsQueryOptions(bookingId, token);
  return {
    details,
    after: (workshopDateId: number): PageRead[] => [workshopDateQueryOptions(workshopDateId), paymentConfig.options()],
  };
}
