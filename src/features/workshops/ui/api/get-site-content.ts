import { apiRead } from '../../../../client/lib/api-read';
import { siteContentSchema } from '../../../settings';

/** GET /api/site-content: the promo sticker the admin wrote, while it runs (null otherwise). */
export const siteContent = apiRead('/api/site-content', siteContentSchema, { staleTime: 60_000 });
