import type { AdminResource } from '../../../../client/lib/admin-resource';
import {
  adminAnnouncementListSchema,
  adminAnnouncementSchema,
  adminTestimonialListSchema,
  adminTestimonialSchema,
  type AdminAnnouncement,
  type AdminTestimonial,
} from '../../admin-content.schema';

/** Testimonials: each change reaches the landing page's list (/api/testimonials) at once. */
export const testimonialsResource: AdminResource<AdminTestimonial> = {
  path: '/api/admin/testimonials',
  rowSchema: adminTestimonialSchema,
  listSchema: adminTestimonialListSchema,
  alsoRefresh: [['/api/testimonials']],
};

/** Announcements: each change reaches the landing page's list (/api/announcements) at once. */
export const announcementsResource: AdminResource<AdminAnnouncement> = {
  path: '/api/admin/announcements',
  rowSchema: adminAnnouncementSchema,
  listSchema: adminAnnouncementListSchema,
  alsoRefresh: [['/api/announcements']],
};
