import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import {
  createCouponResponseSchema,
  createCouponSchema,
  deleteDiscountCodeResponseSchema,
  discountCodeIdParamsSchema,
  discountCodeInputSchema,
  discountCodeListSchema,
  discountCodeSchema,
  discountCodeUpdateSchema,
} from '../admin-discounts.schema';
import { createCoupon, createDiscountCode, deleteDiscountCode, listDiscountCodes, updateDiscountCode } from './admin-discounts.service';

/** Discount codes (spec §7, Discount Codes tab) and the create-coupon call; admin paths, guarded by the auth plugin. */
export async function adminDiscountRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/discount-codes', { schema: { response: { 200: discountCodeListSchema } } }, () => listDiscountCodes(db));

  routes.post(
    '/api/admin/discount-codes',
    { schema: { body: discountCodeInputSchema, response: { 201: discountCodeSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createDiscountCode(db, admin.email, request.body));
    },
  );

  routes.put(
    '/api/admin/discount-codes/:id',
    { schema: { params: discountCodeIdParamsSchema, body: discountCodeUpdateSchema, response: { 200: discountCodeSchema } } },
    async (request) => updateDiscountCode(db, (await requireAdmin(request)).email, request.params.id, request.body),
  );

  routes.delete(
    '/api/admin/discount-codes/:id',
    { schema: { params: discountCodeIdParamsSchema, response: { 200: deleteDiscountCodeResponseSchema } } },
    async (request) => {
      await deleteDiscountCode(db, (await requireAdmin(request)).email, request.params.id);
      return { success: true as const, id: request.params.id };
    },
  );

  routes.post(
    '/api/admin/create-coupon',
    { schema: { body: createCouponSchema, response: { 201: createCouponResponseSchema } } },
    async (request, reply) => {
      const admin = await requireAdmin(request);
      return reply.status(201).send(await createCoupon(db, admin.email, request.body));
    },
  );
}
