import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { contactMessageSchema } from '../contact.schema';
import { receiveContactMessage } from './contact.service';

export async function contactRoutes(app: FastifyInstance, { db }: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: contactMessageSchema, response: { 201: z.object({ ok: z.literal(true), id: z.number() }) } },
    },
    async (request, reply) => {
      const { id } = await receiveContactMessage(db, request.body);
      return reply.status(201).send({ ok: true as const, id });
    },
  );
}
