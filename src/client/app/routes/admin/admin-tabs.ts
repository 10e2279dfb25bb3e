import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * The sixteen dashboard tabs in the spec's order (§2). Each tab's screen is its own lazy chunk,
 * so opening the dashboard loads only the tab in view; its data loads when it first mounts.
 */
export type AdminTab = { value: string; label: string; Panel: LazyExoticComponent<ComponentType> };

export const ADMIN_TABS: readonly AdminTab[] = [
  { value: 'workshops', label: 'Workshops', Panel: lazy(() => import('../../../../features/admin-workshops/ui/workshops-tab')) },
  { value: 'strategy-notes', label: 'Strategy Notes', Panel: lazy(() => import('../../../../features/strategy-notes/ui/strategy-notes-tab')) },
  { value: 'users', label: 'Users', Panel: lazy(() => import('../../../../features/admin-bookings/ui/users-tab')) },
  { value: 'admin-users', label: 'Admin Users', Panel: lazy(() => import('../../../../features/admin-users/ui/admin-users-tab')) },
  { value: 'bookings', label: 'Bookings', Panel: lazy(() => import('../../../../features/admin-bookings/ui/bookings-tab')) },
  { value: 'discount-codes', label: 'Discount Codes', Panel: lazy(() => import('../../../../features/admin-discounts/ui/discount-codes-tab')) },
  { value: 'workshop-assets', label: 'Workshop Assets', Panel: lazy(() => import('../../../../features/admin-blog/ui/workshop-assets-tab')) },
  { value: 'workshop-templates', label: 'Workshop Templates', Panel: lazy(() => import('../../../../features/admin-workshops/ui/workshop-templates-tab')) },
  { value: 'testimonials', label: 'Testimonials', Panel: lazy(() => import('../../../../features/admin-content/ui/testimonials-tab')) },
  { value: 'social-cards', label: 'Social Cards', Panel: lazy(() => import('../../../../features/operations/ui/social-cards-tab')) },
  { value: 'announcements', label: 'Announcements', Panel: lazy(() => import('../../../../features/admin-content/ui/announcements-tab')) },
  { value: 'blog', label: 'Blog', Panel: lazy(() => import('../../../../features/admin-blog/ui/blog-tab')) },
  { value: 'newsletter', label: 'Newsletter', Panel: lazy(() => import('../../../../features/newsletter/ui/newsletter-tab')) },
  { value: 'settings', label: 'Settings', Panel: lazy(() => import('../../../../features/settings/ui/settings-tab')) },
  { value: 'backup', label: 'Backup', Panel: lazy(() => import('../../../../features/operations/ui/backup-tab')) },
  { value: 'messages', label: 'Messages', Panel: lazy(() => import('../../../../features/admin-messages/ui/messages-tab')) },
];

export const DEFAULT_ADMIN_TAB = 'workshops';

export function isAdminTab(value: string | null): value is string {
  return ADMIN_TABS.some((tab) => tab.value === value);
}
