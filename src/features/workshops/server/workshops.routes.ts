import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { PUBLIC_READS, sendJsonText } from '../../../server/lib/read-cache';
import { foundOr404 } from '../../../server/lib/rows';
import { publicWorkshopDateSchema, workshopDateIdParamsSchema } from '../workshops.schema';
import { getPublicWorkshopDate, listPublicWorkshopDates } from './workshops.service';

export async function workshopRoutes(app: FastifyInstance, { db, publicCache }: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/workshop-dates', async (_request, reply) => {
    const json = await publicCache.get(PUBLIC_READS.workshopDates, () => listPublicWorkshopDates(db));
    return sendJsonText(reply, json);
  });

  routes.get(
    '/api/workshop-dates/:id',
    { schema: { params: workshopDateIdParamsSchema, response: { 200: publicWorkshopDateSchema } } },
    async (request) => foundOr404(await getPublicWorkshopDate(db, request.params.id), 'Workshop date not found'),
  );
}
