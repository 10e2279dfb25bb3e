import { createElement, lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { CsvEntity } from '../../../../features/admin-csv';

/**
 * The admin workspace's sections, grouped as an organiser thinks of the business. The address
 * keeps the open one (`/admin?tab=bookings`), so reload, Back and shared links land on it. Each
 * section's screen is its own lazy chunk, so opening the dashboard loads only the section in view;
 * its data loads when it first mounts.
 */
export type AdminSection = { value: string; label: string; Panel: LazyExoticComponent<ComponentType> };
export type AdminSectionGroup = { label: string; sections: readonly AdminSection[] };

const section = (value: string, label: string, load: () => Promise<{ default: ComponentType }>): AdminSection => ({
  value,
  label,
  Panel: lazy(load),
});

/**
 * A section whose tab shows 'Download CSV' and 'Import CSV'. The buttons belong to admin-csv, which
 * knows every entity's columns and so sits above the tabs' features: the root loads both (in
 * parallel, each its own chunk) and hands the buttons to the tab as its `csvActions` slot.
 */
const withCsv =
  (entity: CsvEntity, load: () => Promise<{ default: ComponentType<{ csvActions?: ReactNode }> }>) =>
  (): Promise<{ default: ComponentType }> =>
    Promise.all([load(), import('../../../../features/admin-csv/ui/csv-actions')]).then(([tab, csv]) => {
      const csvActions = createElement(csv.CsvActions, { entity });
      return { default: () => createElement(tab.default, { csvActions }) };
    });

/**
 * The Overview: the dashboard's charts, then the next follow-up calls with a link to all of them.
 * The calls feature does not know the admin area's addresses, so the root hands the link in.
 */
const overview = (): Promise<{ default: ComponentType }> =>
  Promise.all([import('../../../../features/admin-dashboard/ui/dashboard-charts'), import('../../../../features/calls/ui/admin-calls-panel')]).then(([charts, calls]) => ({
    default: () =>
      createElement('div', { className: 'grid gap-6' }, createElement(charts.default), createElement(calls.UpcomingCallsCard, { href: adminSectionHref('calls') })),
  }));

export const ADMIN_SECTION_GROUPS: readonly AdminSectionGroup[] = [
  {
    label: 'Overview',
    sections: [section('overview', 'Overview', overview)],
  },
  {
    label: 'Sales',
    sections: [
      section('workshops', 'Workshops', withCsv('workshopDates', () => import('../../../../features/admin-workshops/ui/workshops-tab'))),
      section('bookings', 'Bookings', withCsv('bookings', () => import('../../../../features/admin-bookings/ui/bookings-tab'))),
      section('calls', 'Booked Calls', () => import('../../../../features/calls/ui/admin-calls-panel')),
      section('discount-codes', 'Discount Codes', withCsv('discountCodes', () => import('../../../../features/admin-discounts/ui/discount-codes-tab'))),
      section('refunds', 'Refunds', () => import('../../../../features/refunds/ui/refund-review-panel').then((module) => ({ default: module.RefundReviewPanel }))),
    ],
  },
  {
    label: 'Audience',
    sections: [
      section('users', 'Users', withCsv('users', () => import('../../../../features/admin-bookings/ui/users-tab'))),
      section('messages', 'Messages', withCsv('contactMessages', () => import('../../../../features/admin-messages/ui/messages-tab'))),
      section('newsletter', 'Newsletter', () => import('../../../../features/newsletter/ui/newsletter-tab')),
    ],
  },
  {
    label: 'Content',
    sections: [
      section('testimonials', 'Testimonials', () => import('../../../../features/admin-content/ui/testimonials-tab')),
      section('announcements', 'Announcements', () => import('../../../../features/admin-content/ui/announcements-tab')),
      section('blog', 'Blog', () => import('../../../../features/admin-blog/ui/blog-tab')),
      section('workshop-assets', 'Workshop Assets', () => import('../../../../features/admin-blog/ui/workshop-assets-tab')),
      section('social-cards', 'Social Cards', () => import('../../../../features/operations/ui/social-cards-tab')),
      section('strategy-notes', 'Strategy Notes', withCsv('strategyNotes', () => import('../../../../features/strategy-notes/ui/strategy-notes-tab'))),
      section('site', 'Promo & Pages', () => import('../../../../features/settings/ui/site-settings-tab')),
    ],
  },
  {
    label: 'Setup',
    sections: [
      section('workshop-templates', 'Workshop Templates', () => import('../../../../features/admin-workshops/ui/workshop-templates-tab')),
      section('admin-users', 'Admin Users', () => import('../../../../features/admin-users/ui/admin-users-tab')),
      section('settings', 'Settings', () => import('../../../../features/settings/ui/settings-tab')),
      section('call-settings', 'Calls', () => import('../../../../features/calls/ui/call-settings-panel')),
      section('scheduled-messages', 'Scheduled Messages', () => import('../../../../features/date-messages/ui/default-messages-tab')),
      section('email', 'Email', () => import('./email-tab')),
      section('backup', 'Backup', () => import('../../../../features/operations/ui/backup-tab')),
      section('audit-log', 'Audit Log', () => import('../../../../features/operations/ui/audit-log-tab')),
    ],
  },
];

export const ADMIN_SECTIONS: readonly AdminSection[] = ADMIN_SECTION_GROUPS.flatMap((group) => group.sections);

/** The workshops list is what /admin opens on. */
export const DEFAULT_ADMIN_SECTION = 'workshops';

export function adminSectionFor(value: string | null): AdminSection {
  return ADMIN_SECTIONS.find((candidate) => candidate.value === value) ?? ADMIN_SECTIONS.find((candidate) => candidate.value === DEFAULT_ADMIN_SECTION)!;
}

export function adminSectionHref(value: string): string {
  return value === DEFAULT_ADMIN_SECTION ? '/admin' : `/admin?tab=${value}`;
}
