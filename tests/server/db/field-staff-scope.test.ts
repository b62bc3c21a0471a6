// A database seeded before field staff had data scopes gets them from migration 0018_a, with the site manager's grant
// of 本机构及子级运维人员: its rota then reads only its company's staff, not everyone's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../../server/platform/db/migrate.js';
import { addSite, idOfNew } from '../business/rental-api.js';
import { type Api, openApi, pageOf, type Row } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
  const places = [
    ['杭州湖滨银泰', '童乐出行', '13800000021'],
    ['上海来福士', '乐行租赁', '13800000022'],
  ];
  for (const [siteName, company, phone] of places) {
    const companyId = await liveIdOf(api.server, 'biz_company', 'shortName', company);
    const deptId = await liveIdOf(api.server, 'blade_dept', 'deptName', company);
    const siteIds = await addSite(api, siteName, companyId, deptId);
    await idOfNew(api, '/api/blade-system/oper', { operName: `${company}师傅`, phone, siteIds }, 'operName');
  }
});
afterAll(async () => api?.close());

const staffScopes = () =>
  api.server.ctx.db
    .selectFrom('blade_scope_data')
    .select(['id', 'scopeType', 'scopeName', 'scopeColumn'])
    .where('resourceCode', '=', 'oper')
    .orderBy('scopeType')
    .execute();

describe('migration 0018_a on a database seeded earlier', () => {
  it('adds the staff scopes once and grants the site manager 本机构及子级运维人员', async () => {
    const { db } = api.server.ctx;
    const seeded = await staffScopes();
    expect(seeded.map((rule) => rule.scopeName)).toEqual([
      '全部运维人员',
      '本人运维人员',
      '本机构运维人员',
      '本机构及子级运维人员',
    ]);
    const manager = await signIn(api.server, 'manager', 'manager');
    const seen = async () =>
      (pageOf(await api.get('/api/blade-system/oper/list', { size: 1000 }, manager)).records as Row[])
        .map((row) => row.operName)
        .sort();
    expect(await seen()).toEqual(['童乐出行师傅']);

    // As it was before: no staff scopes, so the rota's staff list would be unlimited for the site manager.
    const ids = seeded.map((rule) => rule.id);
    await db.deleteFrom('blade_role_scope').where('scopeId', 'in', ids).execute();
    await db.deleteFrom('blade_scope_data').where('resourceCode', '=', 'oper').execute();
    await db
      .deleteFrom('blade_migration' as never)
      .where('name' as never, '=', '0018_a_field_staff_scope' as never)
      .execute();
    expect(await seen()).toEqual(['乐行租赁师傅', '童乐出行师傅']);

    await migrate(db);
    const added = await staffScopes();
    expect(added.map((rule) => [rule.scopeType, rule.scopeName, rule.scopeColumn])).toEqual(
      seeded.map((rule) => [rule.scopeType, rule.scopeName, rule.scopeColumn]),
    );
    expect(await seen()).toEqual(['童乐出行师傅']);
  });
});
