import { expect, request as playwrightRequest, type APIRequestContext, type Locator } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, E2E_BASE_URL } from './constants';

/* What the public API answers. Only the fields the tests read. */
export type WorkshopDate = {
  id: number;
  title: string;
  date: string;
  time: string;
  timezone: string;
  /** The zone's abbreviation on that day (PDT for a summer date typed as PST); null when TBC. */
  timeZoneAbbreviation?: string | null;
  expertiseLevel: 'beginner' | 'some_expertise' | 'expert';
  price?: number | null;
  seatsRemaining: number;
  isFeatured?: boolean;
};
export type Testimonial = {
  id: number;
  name: string;
  text: string;
  profileImageUrl?: string | null;
  role?: string | null;
  organization?: string | null;
  sortOrder?: number | null;
};
export type Announcement = { id: number; title: string; content: string; emailFormEnabled: boolean };
export type BlogPost = {
  id: number;
  slug: string;
  title: string;
  excerpt?: string | null;
  content: string;
  authorName: string;
  publishedAt?: string | null;
  isPublished: boolean;
};

export const CLIENT_HEADERS = { 'X-Client-Source': 'web', 'X-Request-Time': '0' };

export async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path, { headers: CLIENT_HEADERS });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

export const getWorkshopDates = (request: APIRequestContext) => getJson<WorkshopDate[]>(request, '/api/workshop-dates');
export const getTestimonials = (request: APIRequestContext) => getJson<Testimonial[]>(request, '/api/testimonials');
export const getAnnouncements = (request: APIRequestContext) => getJson<Announcement[]>(request, '/api/announcements');
export const getBlogPosts = (request: APIRequestContext) => getJson<BlogPost[]>(request, '/api/blog-posts');

/** A date with no date or time is TBC. */
export const isTbc = (d: WorkshopDate) => !d.date?.trim() || !d.time?.trim();

export const expertiseLabel = { beginner: 'Beginner', some_expertise: 'Intermediate', expert: 'Advanced' } as const;

/** en-US USD, with or without cents: $499 or $499.00, $1,299.00. */
export function usdPattern(amount: number): RegExp {
  const whole = Math.trunc(amount).toLocaleString('en-US');
  const cents = Math.round((amount - Math.trunc(amount)) * 100);
  const tail = cents === 0 ? '(?:\\.00)?' : `\\.${String(cents).padStart(2, '0')}`;
  return new RegExp(`\\$${whole}${tail}(?!\\d)`);
}

/** The exact text, but a straight or a typographic apostrophe both count ("We'll" / "We’ll"). */
export function exactText(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['\u2019]");
  return new RegExp(escaped);
}

/**
 * Logs in as the e2e admin the config creates, for server-side checks; any failure,
 * such as ADMIN_EMAIL/ADMIN_PASSWORD not being honoured, fails the test.
 */
export async function adminRequest(purpose: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL: E2E_BASE_URL, extraHTTPHeaders: CLIENT_HEADERS });
  const response = await context.post('/api/auth/login2', {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  expect(response.ok(), `admin login for ${purpose} (POST /api/auth/login2) answered ${response.status()}: ${await response.text()}`).toBe(
    true,
  );
  return context;
}

/** GET on an admin route for a server-side check; any failure fails the test. */
export async function adminGetJson<T>(admin: APIRequestContext, route: string, purpose: string): Promise<T> {
  const response = await admin.get(route);
  expect(response.ok(), `GET ${route} for ${purpose} answered ${response.status()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The unpublished blog posts, from the admin API. */
export async function getUnpublishedPosts(): Promise<Pick<BlogPost, 'slug' | 'title'>[]> {
  const admin = await adminRequest('unpublished posts');
  try {
    const posts = await adminGetJson<BlogPost[]>(admin, '/api/admin/blog-posts', 'unpublished posts');
    return posts.filter((post) => !post.isPublished);
  } finally {
    await admin.dispose();
  }
}

/** Plain text of an HTML fragment, whitespace collapsed. */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** 'Jun 5, 2025' (the browser runs in UTC, see playwright.config.ts). */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));
/** 'June 5, 2025'. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

/**
 * The promo sticker the site runs now is shown in `scope`. The text is the admin's (the
 * specification's by default) and public-pages.spec.ts changes it for a few seconds, so each try
 * reads it again and, after the first, reloads the page.
 */
export async function expectCurrentPromo(scope: Locator, request: APIRequestContext): Promise<void> {
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await scope.page().reload();
    const { promo } = await getJson<{ promo: string | null }>(request, '/api/site-content');
    expect(promo, 'a promo is running').toBeTruthy();
    await expect(scope.getByText(promo!).first()).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}
