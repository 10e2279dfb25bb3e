import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAdminOverview } from '../../../../client/lib/admin-queries';
import { apiRequest, readJson } from '../../../../client/lib/api-client';
import { csvColumns, csvEntityLabels, csvImportResultSchema, csvImportUrl, type CsvEntity, type CsvImportResult } from '../../admin-csv.schema';
import { csvToObjects } from '../../../../common/csv';

/** A chosen file's text: UTF-8 (BOM or not), or Windows-1252 as older Excel saves "CSV (Comma delimited)". */
async function readFileText(file: File): Promise<string> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The file's header and rows as objects keyed by it. A file without any of the entity's columns
 * (another tab's download, say) is refused here, before the server reads 'Row 1: …' about it.
 */
export async function readCsvRows(entity: CsvEntity, file: File): Promise<{ header: string[]; rows: Record<string, string>[] }> {
  const { header, rows } = csvToObjects(await readFileText(file));
  const expected: readonly string[] = csvColumns[entity];
  if (!header.some((name) => expected.includes(name))) {
    throw new Error(`This file has none of the ${csvEntityLabels[entity]} columns (${expected.join(', ')})`);
  }
  return { header: header.filter((name) => name !== ''), rows };
}

/** POST /api/admin/import/{entity}: the rows as JSON, all or nothing. */
export async function importCsv(entity: CsvEntity, rows: Record<string, string>[]): Promise<CsvImportResult> {
  return readJson(await apiRequest('POST', csvImportUrl(entity), rows), csvImportResultSchema);
}

/** Imports the rows of a file read (and previewed) in the browser; every admin list may have changed, so all of them reload. */
export function useImportCsv(entity: CsvEntity) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: Record<string, string>[]) => importCsv(entity, rows),
    onSuccess: async () => {
      await Promise.all([queryClient.invalidateQueries(), invalidateAdminOverview(queryClient)]);
    },
  });
}
