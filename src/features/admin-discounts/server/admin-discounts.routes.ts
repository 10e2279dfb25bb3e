import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { adminResourceRoutes } from '../../../server/lib/admin-resource-routes';
import { requireAdmin } from '../../../server/plugins/auth';
import { createCouponResponseSchema, createCouponSchema, discountCodeApiSchemas } from '../admin-discounts.schema';
import { createCoupon, createDiscountCode, deleteDiscountCode, listDiscountCodes, updateDiscountCode } from './admin-discounts.service';

/** Discount codes (spec §7, Discount Codes tab) and the create-coupon call; admin paths, guarded by the auth plugin. */
export async function adminDiscountRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const resource = adminResourceRoutes(app, { context: db });
  resource('/api/admin/discount-codes', discountCodeApiSchemas, { list: listDiscountCodes, create: createDiscountCode, update: updateDiscountCode, remove: deleteDiscountCode });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/admin/create-coupon',
    { schema: { body: createCouponSchema, response: { 201: createCouponResponseSchema } } },
    async (request, reply) => reply.status(201).send(await createCoupon(db, await requireAdmin(request), request.body)),
  );
}
