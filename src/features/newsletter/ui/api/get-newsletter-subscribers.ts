import { queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { subscriberListSchema, type Subscriber } from '../../newsletter.schema';

/** Loaded when the Newsletter tab first opens; fresh on entry and after changes. */
export const NEWSLETTER_SUBSCRIBERS_KEY = ['/api/admin/newsletter-subscribers'] as const;

/** The CSV download is a plain link: the browser keeps the session cookie and saves the file. */
export const NEWSLETTER_SUBSCRIBERS_CSV_URL = '/api/admin/newsletter-subscribers.csv';

export function getNewsletterSubscribers(): Promise<Subscriber[]> {
  return apiGet(NEWSLETTER_SUBSCRIBERS_KEY[0], subscriberListSchema);
}

export const newsletterSubscribersQueryOptions = () =>
  queryOptions({ queryKey: NEWSLETTER_SUBSCRIBERS_KEY, queryFn: getNewsletterSubscribers, ...adminQueryDefaults(ADMIN_FRESH_MS.default) });

export function useNewsletterSubscribers() {
  return useQuery(newsletterSubscribersQueryOptions());
}
