// The parameter list written by hand with Fastify + Kysely, the yardstick of the resource engine: same route
// pipeline (token check, menu grant, API log), same query and answer, no engine.
import type { FastifyInstance } from 'fastify';
import { ok } from '../../server/platform/http/envelope.js';

export const HAND_WRITTEN_PATH = '/api/bench/param/list';

export function addHandWrittenParamList(app: FastifyInstance): void {
  app.get(HAND_WRITTEN_PATH, { config: { access: { menu: 'param' } } }, async (request) => {
    const query = request.query as { current?: string; size?: string };
    const current = Math.max(1, Number(query.current ?? 1) || 1);
    const size = Math.min(1000, Math.max(1, Number(query.size ?? 10) || 10));
    const db = app.ctx.db;
    const counted = await db
      .selectFrom('blade_param')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('isDeleted', '=', 0)
      .executeTakeFirst();
    const total = Number(counted?.total ?? 0);
    const rows = await db
      .selectFrom('blade_param')
      .selectAll()
      .where('isDeleted', '=', 0)
      .orderBy('id', 'desc')
      .limit(size)
      .offset((current - 1) * size)
      .execute();
    const records = rows.map((row) => ({
      ...row,
      id: String(row.id),
      createUser: row.createUser === null ? '' : String(row.createUser),
      createDept: row.createDept === null ? '' : String(row.createDept),
      updateUser: row.updateUser === null ? '' : String(row.updateUser),
      createTime: row.createTime ?? '',
      updateTime: row.updateTime ?? '',
      remark: row.remark ?? '',
    }));
    return ok({ records, total, size, current, pages: Math.ceil(total / size), orders: [], searchCount: true });
  });
}
