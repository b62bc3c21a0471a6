// A list read by an export answers with the fields its columns need only (and the id, where the next page starts):
// the job names them in the `x-export-fields` header of its calls. A page of orders otherwise carries forty fields
// to write a dozen, and all of it is parsed again: a 100,000-row export made some 160 MB of garbage this way. Only
// the answer is narrowed; the list reads, checks and counts as it always does.
import type { FastifyInstance } from 'fastify';

export const EXPORT_FIELDS_HEADER = 'x-export-fields';

type Row = Record<string, unknown>;

const narrowed = (rows: unknown, fields: string[]): unknown =>
  Array.isArray(rows)
    ? rows.map((row: Row) => {
        const kept: Row = {};
        for (const field of fields) if (field in row) kept[field] = row[field];
        return kept;
      })
    : rows;

export function registerExportFields(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const header = request.headers[EXPORT_FIELDS_HEADER];
    if (typeof header !== 'string' || typeof payload !== 'object' || payload === null) return payload;
    const answer = payload as { data?: unknown };
    const fields = ['id', ...header.split(',')];
    const data = answer.data as { records?: unknown } | unknown[] | undefined;
    // A page of a list, or a report's rows at once.
    if (Array.isArray(data)) return { ...answer, data: narrowed(data, fields) };
    if (data && typeof data === 'object' && Array.isArray(data.records))
      return { ...answer, data: { ...data, records: narrowed(data.records, fields) } };
    return payload;
  });
}
