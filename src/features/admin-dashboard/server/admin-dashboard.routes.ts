import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminStatsSchema, adminSummarySchema } from '../admin-dashboard.schema';
import { getAdminStats, getAdminSummary } from './admin-dashboard.service';

/** The dashboard's overview reads; guarded as admin paths by the auth plugin. */
export async function adminDashboardRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/admin/summary', { schema: { response: { 200: adminSummarySchema } } }, () => getAdminSummary(db));
  routes.get('/api/admin/stats', { schema: { response: { 200: adminStatsSchema } } }, () => getAdminStats(db));
}
