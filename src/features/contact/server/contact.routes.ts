import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../../server/deps';
import { contactMessageSchema } from '../contact.schema';
import { receiveContactMessage } from './contact.service';

export async function contactRoutes(app: FastifyInstance, { db, env, onEmailQueued }: AppDeps): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: contactMessageSchema, response: { 201: z.object({ ok: z.literal(true), id: z.number() }) } },
    },
    async (request, reply) => {
      const { id, queued } = await receiveContactMessage(db, request.body, env.PUBLIC_URL);
      if (queued) onEmailQueued?.();
      return reply.status(201).send({ ok: true as const, id });
    },
  );
}
