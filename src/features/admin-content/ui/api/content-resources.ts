import type { AdminResource } from '../../../../client/lib/admin-resource';
import {
  adminAnnouncementSchema,
  adminTestimonialSchema,
  type AdminAnnouncement,
  type AdminTestimonial,
} from '../../admin-content.schema';

/** Testimonials: each change reaches the landing page's list (/api/testimonials) at once. */
export const testimonialsResource: AdminResource<AdminTestimonial> = {
  path: '/api/admin/testimonials',
  names: { one: 'Testimonial', many: 'Testimonials' },
  rowSchema: adminTestimonialSchema,
  alsoRefresh: [['/api/testimonials']],
};

/** Announcements: each change reaches the landing page's list (/api/announcements) at once. */
export const announcementsResource: AdminResource<AdminAnnouncement> = {
  path: '/api/admin/announcements',
  names: { one: 'Announcement', many: 'Announcements' },
  rowSchema: adminAnnouncementSchema,
  alsoRefresh: [['/api/announcements']],
};
