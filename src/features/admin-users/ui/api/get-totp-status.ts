import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { totpStatusSchema } from '../../../admin-auth';

/** The signed-in admin's own two-step sign-in. */
const read = apiRead('/api/admin/totp', totpStatusSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const TOTP_STATUS_KEY = read.key;
export const useTotpStatus = read.useRead;
