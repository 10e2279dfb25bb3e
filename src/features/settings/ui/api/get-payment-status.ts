import { ADMIN_FRESH_MS, adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiRead } from '../../../../client/lib/api-read';
import { paymentStatusSchema } from '../../settings.schema';

const read = apiRead('/api/admin/settings/payment-status', paymentStatusSchema, adminQueryDefaults(ADMIN_FRESH_MS.default));

export const usePaymentStatus = read.useRead;
