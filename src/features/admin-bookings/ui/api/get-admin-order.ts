import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminQueryDefaults } from '../../../../client/lib/admin-queries';
import { apiGet } from '../../../../client/lib/api-client';
import { adminOrderSchema } from '../../admin-bookings.schema';

/** Every order's read starts with this key: a change to a booking re-reads the orders open or cached. */
export const ADMIN_ORDERS_KEY = ['/api/admin/orders'] as const;

/** GET /api/admin/orders/{orderId}: read each time the panel opens (its money changes with any seat's). */
export const adminOrderQuery = (orderId: number) =>
  queryOptions({ queryKey: [...ADMIN_ORDERS_KEY, orderId], queryFn: () => apiGet(`/api/admin/orders/${orderId}`, adminOrderSchema), ...adminQueryDefaults(0) });

export const useAdminOrder = (orderId: number) => useQuery(adminOrderQuery(orderId));
