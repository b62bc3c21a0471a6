// The console accounts a field staff member can be linked to (控制台账号), for the oper form's picker and the names
// in its list: people who keep field staff need not administer users, so this call answers under the `oper` menu
// and only a user's id, account and name, of the users the caller's data scope for users shows.
import { filterConditions, PAGING_KEYS } from '../../platform/engine/filters.js';
import { pageOfSelect } from '../../platform/engine/resource.js';
import { pageQuery } from '../../platform/engine/schemas.js';
import { orderOf } from '../../platform/engine/sort.js';
import type { Fields, Row } from '../../platform/engine/types.js';
import { ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { visibleUsers } from '../../system/users/store.js';

const ACCOUNT_FIELDS: Fields = {
  id: { type: 'id', label: '主键', en: 'ID' },
  account: { type: 'text', label: '登录账号', en: 'Account' },
  realName: { type: 'text', label: '用户姓名', en: 'Real name' },
};

const onWire = (row: Row): Row => ({
  id: String(row.id),
  account: String(row.account ?? ''),
  realName: String(row.realName ?? ''),
});

export const staffAccountRoutes: RoutePlugin = async (app) => {
  app.get(
    '/blade-system/oper/accounts',
    {
      config: { access: { menu: 'oper' }, record: ACCOUNT_FIELDS, filters: Object.keys(ACCOUNT_FIELDS) },
      schema: { tags: ['运维人员'], summary: '可关联的控制台账号 (id, account, realName)', querystring: pageQuery },
    },
    async (request) => {
      const { query } = request;
      let filtered = await visibleUsers(app.ctx, request);
      for (const where of filterConditions(query, ACCOUNT_FIELDS, app.ctx.dialect, PAGING_KEYS)) {
        filtered = filtered.where(where);
      }
      const order = () => orderOf(query, ACCOUNT_FIELDS, [['account', 'asc']], true);
      return ok(await pageOfSelect(filtered, query, order, (rows) => rows.map(onWire)));
    },
  );
};
