import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { socialCardListSchema } from '../../operations.schema';

/** GET /api/admin/social-cards: every route's card and each published post's. */
const read = apiRead('/api/admin/social-cards', socialCardListSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const useSocialCards = read.useRead;
