/**
 * Title and description per route. The server writes them (and the og: tags) into the HTML it
 * serves, so link previews work before any script runs; the client updates them on navigation.
 * `title` names the page only: the document's title is '{title} — {brand name}' (documentTitle in
 * common/brand.ts), the brand being the one saved in Settings, known only at request time.
 */
export const WORKSHOP_TITLE = 'Introduction to Vibe Coding';
export const WORKSHOP_FALLBACK_TITLE = 'VIBE CODING WORKSHOP';
export const WORKSHOP_DESCRIPTION =
  'A 2 hour live online workshop on building software prototypes with no-code tools. No coding experience needed, two one-on-one follow-up calls included.';

export type RouteMeta = {
  /** The page's own name ('Blog'); the home page's is the workshop's title. */
  title: string;
  description: string;
  ogImageKey: string;
  /** Private screens (admin): kept out of search engines. */
  noindex?: boolean;
};

const ADMIN_LOGIN_PATH = '/admin/login2';
/** Where a completed booking lands, with `?booking={id}&token=…`. */
export const BOOKING_CONFIRMED_PATH = '/booking/confirmed';

/** An unnamed seat's claim link: `/claim/{token}`. */
export const CLAIM_PATH_PREFIX = '/claim/';
const CLAIM_PATH = /^\/claim\/[^/]+$/;

/** A waiting-list entry's link (docs/decisions/019-waiting-list.md): `/waitlist/{token}`. */
export const WAITLIST_PATH_PREFIX = '/waitlist/';
const WAITLIST_PATH = /^\/waitlist\/[^/]+$/;
/** A workshop date's roster in the admin area: '/admin/workshops/{id}/roster'. */
const ADMIN_ROSTER_PATH = /^\/admin\/workshops\/\d+\/roster$/;

/** The footer's legal pages, written by the admin in Settings → Site. */
export const LEGAL_PAGE_META = {
  '/privacy': { title: 'Privacy Policy', description: 'What we keep about you, why, and how to have it changed or deleted.' },
  '/terms': { title: 'Terms of Service', description: 'What a booking is, and how cancelling and refunds work.' },
  '/cookies': { title: 'Cookie Policy', description: 'The one cookie this site uses, and what it is for.' },
} as const;
export type LegalPagePath = keyof typeof LEGAL_PAGE_META;
const isLegalPagePath = (path: string): path is LegalPagePath => Object.hasOwn(LEGAL_PAGE_META, path);

/** An admin screen: the admin card, and kept out of search engines. */
const adminPage = (page: string, description: string): RouteMeta => ({ title: page, description, ogImageKey: 'admin', noindex: true });

const routes: Record<string, RouteMeta> = {
  home: {
    // The home page leads with the workshop (the spec's default title), then the brand.
    title: WORKSHOP_TITLE,
    description: WORKSHOP_DESCRIPTION,
    ogImageKey: 'home',
  },
  intro: {
    title: 'About the Workshop',
    description:
      'What you will learn in two hours: concept mapping, tool selection, rapid prototyping, user testing and team exploration. Beginner friendly.',
    ogImageKey: 'intro',
  },
  blog: {
    title: 'Blog',
    description: 'Notes on prototyping with no-code tools, testing ideas with users and shipping faster.',
    ogImageKey: 'blog',
  },
  checkout: {
    title: 'Complete Your Booking',
    description: 'Confirm your seat in the live online workshop.',
    ogImageKey: 'checkout',
  },
  participant: {
    title: 'My Bookings',
    description: 'See your workshop bookings, meeting details and materials.',
    ogImageKey: 'participant',
  },
  bookingConfirmed: {
    title: 'Booking Confirmed',
    description: 'Your booking, its date and time, and what happens next.',
    ogImageKey: 'default',
    // One person's booking, reached with a token: nothing for a search engine.
    noindex: true,
  },
  claimSeat: {
    title: 'Claim Your Seat',
    description: 'A seat was booked for you: put your own name on it to make it your booking.',
    ogImageKey: 'default',
    // One seat's link, reached with a token: nothing for a search engine.
    noindex: true,
  },
  waitlist: {
    title: 'Your Place on the Waiting List',
    description: 'Where you stand on the waiting list, the seats held for you, and how to leave.',
    ogImageKey: 'default',
    // One person's entry, reached with a token: nothing for a search engine.
    noindex: true,
  },
  admin: adminPage('Admin Dashboard', 'Run workshops, bookings and content.'),
  adminRoster: adminPage('Roster', 'Who is coming to a workshop date, and who came.'),
  adminLogin: adminPage('Admin Login', 'Sign in to run workshops, bookings and content.'),
  emailDebug: adminPage('Email Debugging', 'Check e-mail settings and templates.'),
  notFound: {
    title: 'Page Not Found',
    description: WORKSHOP_DESCRIPTION,
    ogImageKey: 'default',
  },
};

/** Which meta a path gets; blog posts are resolved by the caller, which knows the post. */
export function routeMetaFor(pathname: string): RouteMeta {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return routes.home!;
  if (path === '/intro') return routes.intro!;
  if (path === '/blog') return routes.blog!;
  if (path === '/checkout') return routes.checkout!;
  if (path === '/participant') return routes.participant!;
  if (path === BOOKING_CONFIRMED_PATH) return routes.bookingConfirmed!;
  if (CLAIM_PATH.test(path)) return routes.claimSeat!;
  if (WAITLIST_PATH.test(path)) return routes.waitlist!;
  if (path === ADMIN_LOGIN_PATH) return routes.adminLogin!;
  if (path === '/admin') return routes.admin!;
  if (ADMIN_ROSTER_PATH.test(path)) return routes.adminRoster!;
  if (path === '/email-debug') return routes.emailDebug!;
  if (isLegalPagePath(path)) return { ...LEGAL_PAGE_META[path], ogImageKey: 'default' };
  return routes.notFound!;
}

/** The admin screens: they load their own chunk and skip the public site's header and footer. */
export const ADMIN_PAGE_PATHS = ['/admin', ADMIN_LOGIN_PATH, '/email-debug'] as const;

export function isAdminPagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (ADMIN_PAGE_PATHS as readonly string[]).includes(path) || ADMIN_ROSTER_PATH.test(path);
}

/** Pages the client router has today; anything else is the not-found screen (404 status). */
export const PAGE_PATHS = ['/', '/intro', '/blog', '/checkout', ...(Object.keys(LEGAL_PAGE_META) as LegalPagePath[]), ...ADMIN_PAGE_PATHS] as const;

/** A blog post's address, '/blog/{slug}', whatever the slug (whether a post has it is decided later). */
const BLOG_POST_PATH = /^\/blog\/([^/]+)$/;

export function isKnownPagePath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (PAGE_PATHS as readonly string[]).includes(path) || path === '/participant' || path === BOOKING_CONFIRMED_PATH || BLOG_POST_PATH.test(path) || CLAIM_PATH.test(path) || WAITLIST_PATH.test(path) || ADMIN_ROSTER_PATH.test(path);
}

/** A slug a published post can have: lowercase letters, digits and hyphens. */
export function isBlogSlug(slug: string): boolean {
  return /^[a-z0-9-]{1,200}$/.test(slug);
}

/** The slug a blog post's address names ('/blog/{slug}'), or null when it names none a post can have. */
export function blogPostSlug(path: string): string | null {
  const slug = BLOG_POST_PATH.exec(path)?.[1];
  return slug !== undefined && isBlogSlug(slug) ? slug : null;
}

/** The key a page's screen (and its chunks) is listed under: every blog post shares '/blog/:slug'. */
export function screenPathOf(path: string): string {
  return BLOG_POST_PATH.test(path) ? '/blog/:slug' : path;
}

export function blogPostMeta(post: { title: string; excerpt?: string | null; slug: string }): RouteMeta {
  return {
    title: post.title,
    description: post.excerpt?.trim() || routes.blog!.description,
    ogImageKey: `blog-${post.slug}`,
  };
}
