// A resource that is a control (`audited`: roles, data and API scopes) appends every add, edit and removal of a row
// to the audit trail (platform/audit), in the write's own transaction: a refused write leaves no row behind.
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { recordControlChange } from '../audit/record.js';
import type { Database } from '../db/schema.js';
import type { AnyTrx, ResourceDefinition, Row } from './types.js';

/** The row as its screen knows it: the declared fields only, not the audit columns a write stamps. */
const controlOf = (definition: ResourceDefinition, row: Row): Row =>
  Object.fromEntries(Object.keys(definition.fields).map((name) => [name, row[name] ?? null]));

const typed = (trx: AnyTrx) => trx as unknown as Kysely<Database>;

export async function recordSave(
  definition: ResourceDefinition,
  trx: AnyTrx,
  request: FastifyRequest,
  existing: Row | null,
  id: number,
): Promise<void> {
  const { audited, table } = definition;
  if (!audited) return;
  const saved = await trx.selectFrom(table).selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await recordControlChange(typed(trx), request, {
    kind: audited.kind,
    action: existing ? 'edit' : 'add',
    subject: audited.subject(saved),
    subjectId: id,
    before: existing ? controlOf(definition, existing) : undefined,
    after: controlOf(definition, saved),
  });
}

/** Reads the rows about to be removed, and answers how to record them once they are. */
export async function removalRecorder(
  definition: ResourceDefinition,
  trx: AnyTrx,
  request: FastifyRequest,
  ids: number[],
): Promise<() => Promise<void>> {
  const { audited, table } = definition;
  if (!audited) return async () => {};
  const rows = await trx.selectFrom(table).selectAll().where('id', 'in', ids).execute();
  return async () => {
    for (const row of rows) {
      await recordControlChange(typed(trx), request, {
        kind: audited.kind,
        action: 'remove',
        subject: audited.subject(row),
        subjectId: Number(row.id),
        before: controlOf(definition, row),
      });
    }
  };
}
