// `POST <prefix>/enable?id=`: one active config per kind. Enabling one (status 2) disables every other config of
// the same table (status 1), in one transaction, so two instances never leave two active.
import { NOTHING } from '../../platform/docs/record.js';
import type { DefinedResource } from '../../platform/engine/define.js';
import { idQuery } from '../../platform/engine/schemas.js';
import type { AnyTrx } from '../../platform/engine/types.js';
import { done, notFound } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { usualLog } from '../logs/usual-log.js';

export const STATUS_ENABLED = 2;
export const STATUS_DISABLED = 1;

export function enableRoute(resource: DefinedResource): RoutePlugin {
  const { prefix, menu, title, table } = resource.definition;
  return async (app) => {
    app.post(
      `${prefix}/enable`,
      {
        config: { access: { menu }, button: `${menu}_enable`, answer: NOTHING },
        schema: { tags: [title], summary: `启用${title}`, querystring: idQuery },
      },
      async (request) => {
        const id = Number(request.query.id);
        await resource.find(app.ctx, request, id);
        await resource
          .db(app.ctx)
          .transaction()
          .execute(async (trx: AnyTrx) => {
            await trx.updateTable(table).set({ status: STATUS_DISABLED }).where('isDeleted', '=', 0).execute();
            const changed = await trx
              .updateTable(table)
              .set({ status: STATUS_ENABLED })
              .where('id', '=', id)
              .where('isDeleted', '=', 0)
              .executeTakeFirst();
            if (Number(changed.numUpdatedRows) === 0) throw notFound();
          });
        usualLog(app.ctx, { logId: `${menu}-enable`, data: `启用${title} ${id}`, user: request.user?.account });
        return done();
      },
    );
  };
}
