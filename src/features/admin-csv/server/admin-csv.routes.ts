import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../../server/deps';
import { requireAdmin } from '../../../server/plugins/auth';
import { HttpError } from '../../../server/plugins/error-handler';
import {
  csvEntitySchema,
  csvExportParamsSchema,
  csvFileName,
  csvImportBodySchema,
  csvImportParamsSchema,
  csvImportResultSchema,
  UNKNOWN_CSV_FILE,
  type CsvEntity,
} from '../admin-csv.schema';
import { exportCsv } from './csv-export.service';
import { importCsvRows } from './csv-import.service';

/** A whole file of rows as JSON: 5,000 bookings are about 2 MB. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

function entityOrNotFound(name: string | undefined): CsvEntity {
  const parsed = csvEntitySchema.safeParse(name);
  if (!parsed.success) throw new HttpError(404, UNKNOWN_CSV_FILE);
  return parsed.data;
}

/**
 * CSV download and import for six admin tabs. Both paths sit under
 * /api/admin, guarded by the auth plugin before any body is read.
 */
export async function adminCsvRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/api/admin/export/:file', { schema: { params: csvExportParamsSchema } }, async (request, reply) => {
    const entity = entityOrNotFound(/^(\w+)\.csv$/.exec(request.params.file)?.[1]);
    const file = await exportCsv(deps.db, entity);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${csvFileName(entity)}"`)
      .header('Cache-Control', 'no-store')
      .send(file);
  });

  routes.post(
    '/api/admin/import/:entity',
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      // An unknown name is a 404 whatever the body holds, so it is checked before the body is.
      preValidation: async (request) => {
        entityOrNotFound((request.params as { entity?: string }).entity);
      },
      schema: { params: csvImportParamsSchema, body: csvImportBodySchema, response: { 200: csvImportResultSchema } },
    },
    async (request) => {
      const admin = await requireAdmin(request);
      return importCsvRows(deps, admin.email, entityOrNotFound(request.params.entity), request.body);
    },
  );
}
