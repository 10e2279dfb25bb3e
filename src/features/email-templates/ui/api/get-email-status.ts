import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { emailStatusSchema } from '../../email-templates.schema';

/** GET /api/debug/email-templates-status: the configuration card and the templates table. */
const read = apiRead('/api/debug/email-templates-status', emailStatusSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const EMAIL_STATUS_KEY = read.key;
export const useEmailStatus = read.useRead;
