// The audit trail of controls (docs/audit.md): every change of a role, a role's grants, a data or API scope, a
// user's roles, a page in force and a process model is a row naming who, from where, when, what and its value
// before and after; a refused change leaves none. The trail is read on 审计日志 by administrators only, searched by
// person, kind, date and subject, exported, and never edited or removed through the API.
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDictionaryFiles } from '../../../facts/dictionary-files.js';
import { AUDIT_KINDS } from '../../../server/platform/audit/record.js';
import { deploy, deployShippedProcesses } from '../../../server/system/flow/deployments.js';
import { addUser } from '../auth/fixtures.js';
import { type Answer, type Api, openApi, type Row } from '../engine/api.js';
import { BASIC, call, signIn } from '../harness.js';

let api: Api;
/** The second administrator, whose changes the person search tells apart from admin's. */
let auditor: string;
/** The seeded roles' ids by alias. */
const roleIds = new Map<string, string>();
const roleIdOf = (alias: string): string => roleIds.get(alias) ?? '';

/** Where the administrator's calls come from: the trail keeps the caller's address. */
const ADMIN_IP = '10.20.30.40';

beforeAll(async () => {
  api = await openApi();
  const admins = await api.server.ctx.db
    .selectFrom('blade_role')
    .select('id')
    .where('roleAlias', '=', 'administrator')
    .executeTakeFirstOrThrow();
  await addUser(api.server, { account: 'auditor', password: 'auditor-1', realName: '审计员', roleIds: [admins.id] });
  auditor = await signIn(api.server, 'auditor', 'auditor-1');
  const roles = await api.server.ctx.db.selectFrom('blade_role').select(['id', 'roleAlias']).execute();
  for (const role of roles) roleIds.set(role.roleAlias, String(role.id));
});
afterAll(() => api?.close());

/** A call as a person at an address (the admin at ADMIN_IP unless told). */
async function send(
  method: 'GET' | 'POST',
  url: string,
  options: { query?: Record<string, string>; body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer> {
  const response = await api.server.app.inject({
    method,
    url,
    remoteAddress: options.ip ?? ADMIN_IP,
    headers: {
      authorization: BASIC,
      'blade-auth': `bearer ${options.token ?? api.adminToken}`,
    },
    query: options.query,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return { status: response.statusCode, ...(response.json() as Omit<Answer, 'status'>) };
}

/** The trail as 审计日志 lists it, newest first. */
async function trail(query: Record<string, string> = {}): Promise<Row[]> {
  const answer = await send('GET', '/api/blade-log/audit/list', { query: { size: '1000', ...query } });
  expect(answer.status).toBe(200);
  return (answer.data as { records: Row[] }).records;
}

/** The newest row of a kind, with its before and after read back as values. */
async function newest(kind: string): Promise<Row & { before: unknown; after: unknown }> {
  const [row] = await trail({ kind_equal: kind });
  expect(row).toBeDefined();
  const read = (text: unknown) => (text === '' ? null : JSON.parse(String(text)));
  return { ...row, before: read(row.beforeValue), after: read(row.afterValue) };
}

const byAdmin = { account: 'admin', realName: '管理员', remoteIp: ADMIN_IP };

describe('roles, grants and scopes', () => {
  let roleId = '';

  it('records a role added, edited and removed, with who, from where, and the role before and after', async () => {
    const added = await send('POST', '/api/blade-system/role/submit', {
      body: { roleName: '财务复核', roleAlias: 'finance_check', sort: 5 },
    });
    expect(added.success).toBe(true);
    roleId = String((added.data as Row).id);
    expect(await newest('role')).toMatchObject({
      ...byAdmin,
      action: 'add',
      subject: '财务复核',
      subjectId: roleId,
      before: null,
      after: { roleName: '财务复核', roleAlias: 'finance_check', sort: 5 },
    });
    expect(String((await newest('role')).createTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    await send('POST', '/api/blade-system/role/submit', { body: { id: roleId, roleName: '财务审核' } });
    expect(await newest('role')).toMatchObject({
      action: 'edit',
      subject: '财务审核',
      before: { roleName: '财务复核', roleAlias: 'finance_check' },
      after: { roleName: '财务审核', roleAlias: 'finance_check' },
    });
  });

  it('writes nothing for a refused change', async () => {
    const before = await trail();
    const taken = await send('POST', '/api/blade-system/role/submit', {
      body: { roleName: '重复', roleAlias: 'finance_check' },
    });
    expect([taken.status, taken.msg]).toEqual([400, '角色别名已存在']);
    const forbidden = await send('POST', '/api/blade-system/role/submit', {
      token: api.operatorToken,
      body: { roleName: '越权', roleAlias: 'sneaky' },
    });
    expect(forbidden.status).toBe(403);
    const held = await send('POST', '/api/blade-system/role/remove', { query: { ids: roleIdOf('operator') } });
    expect(held.status).toBe(400);
    expect(await trail()).toEqual(before);
  });

  it("records a role's grants before and after, by menu code and scope name", async () => {
    const scope = await api.server.ctx.db
      .selectFrom('blade_scope_data')
      .select(['id', 'scopeName'])
      .where('resourceCode', '=', 'site')
      .where('isDeleted', '=', 0)
      .orderBy('scopeType')
      .executeTakeFirstOrThrow();
    const menus = await api.server.ctx.db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', 'in', ['param', 'param_view'])
      .execute();
    const granted = await send('POST', '/api/blade-system/role/grant', {
      body: { roleIds: [roleId], menuIds: menus.map((menu) => String(menu.id)), dataScopeIds: [String(scope.id)] },
    });
    expect(granted.success).toBe(true);
    const row = await newest('role_grant');
    expect(row).toMatchObject({
      ...byAdmin,
      action: 'grant',
      subject: '财务审核',
      subjectId: roleId,
      before: { menus: [], appMenus: [], dataScopes: [], apiScopes: [] },
    });
    // The screen's group and area come with it, as a grant stores the menus above.
    expect(row.after).toMatchObject({ dataScopes: [scope.scopeName], apiScopes: [] });
    expect((row.after as { menus: string[] }).menus).toEqual(expect.arrayContaining(['param', 'param_view', 'system']));
  });

  it('records a role removed, with its grants gone', async () => {
    expect((await send('POST', '/api/blade-system/role/remove', { query: { ids: roleId } })).success).toBe(true);
    expect(await newest('role')).toMatchObject({
      action: 'remove',
      subject: '财务审核',
      before: { roleName: '财务审核', roleAlias: 'finance_check' },
      after: null,
    });
  });

  it('records data scopes and API scopes added, edited and removed', async () => {
    const site = await api.server.ctx.db
      .selectFrom('blade_menu')
      .select('id')
      .where('code', '=', 'site')
      .executeTakeFirstOrThrow();
    const menuId = String(site.id);
    const rule = { menuId, resourceCode: 'site', scopeName: '本人站点', scopeType: 2 };
    expect((await send('POST', '/api/blade-system/data-scope/submit', { body: rule })).success).toBe(true);
    const added = await newest('data_scope');
    expect(added).toMatchObject({ ...byAdmin, action: 'add', subject: '本人站点 (site)', before: null });
    expect(added.after).toMatchObject({ scopeName: '本人站点', scopeType: 2 });
    const id = String(added.subjectId);
    await send('POST', '/api/blade-system/data-scope/submit', { body: { id, scopeType: 3 } });
    expect(await newest('data_scope')).toMatchObject({
      action: 'edit',
      before: { scopeType: 2 },
      after: { scopeType: 3 },
    });
    await send('POST', '/api/blade-system/data-scope/remove', { query: { ids: id } });
    expect(await newest('data_scope')).toMatchObject({ action: 'remove', before: { scopeType: 3 }, after: null });

    const path = { menuId, resourceCode: 'site', scopeName: '站点接口', scopePath: '/api/x', scopeType: 2 };
    expect((await send('POST', '/api/blade-system/api-scope/submit', { body: path })).success).toBe(true);
    expect(await newest('api_scope')).toMatchObject({
      action: 'add',
      subject: '站点接口 (site)',
      after: { scopePath: '/api/x' },
    });
  });
});

describe("users' roles", () => {
  let userId = '';

  it('records the roles a user is given, changed and taken with the account, never the password', async () => {
    const added = await send('POST', '/api/blade-user/submit', {
      body: {
        account: 'cashier',
        password: 'Cashier-Secret-9',
        name: '收银',
        realName: '收银员',
        roleId: roleIdOf('operator'),
      },
    });
    expect(added.success).toBe(true);
    const row = await newest('user_role');
    userId = String(row.subjectId);
    expect(row).toMatchObject({
      ...byAdmin,
      action: 'add',
      subject: 'cashier',
      before: null,
      after: { roleId: roleIdOf('operator'), roles: ['运营人员'] },
    });

    const both = `${roleIdOf('operator')},${roleIdOf('administrator')}`;
    await send('POST', '/api/blade-user/submit', { body: { id: userId, realName: '收银员', roleId: both } });
    expect(await newest('user_role')).toMatchObject({
      action: 'edit',
      before: { roles: ['运营人员'] },
      after: { roles: ['运营人员', '超级管理员'] },
    });

    // A refused add (the account is taken) gives nobody a role, and is not in the trail.
    const taken = await send('POST', '/api/blade-user/submit', {
      body: { account: 'cashier', password: 'x1', name: '重名', realName: '重名', roleId: roleIdOf('administrator') },
    });
    expect([taken.status, taken.msg]).toEqual([400, '当前用户已存在']);
    expect((await newest('user_role')).subjectId).toBe(userId);

    // An edit that leaves the roles as they were is no change of a control.
    const count = (await trail({ kind_equal: 'user_role' })).length;
    await send('POST', '/api/blade-user/update', { body: { id: userId, realName: '收银主管', roleId: both } });
    expect((await trail({ kind_equal: 'user_role' })).length).toBe(count);

    await send('POST', '/api/blade-user/grant', { query: { userIds: userId, roleIds: roleIdOf('operator') } });
    expect(await newest('user_role')).toMatchObject({
      action: 'grant',
      subject: 'cashier',
      before: { roles: ['运营人员', '超级管理员'] },
      after: { roles: ['运营人员'] },
    });

    await send('POST', '/api/blade-user/remove', { query: { ids: userId } });
    expect(await newest('user_role')).toMatchObject({ action: 'remove', before: { roles: ['运营人员'] }, after: null });
    const everything = JSON.stringify(await trail());
    expect(everything).not.toContain('Cashier-Secret-9');
  });
});

describe('pages and process models', () => {
  const baseline = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'system', 'post.json'), 'utf8'),
  ) as { title: { zh: string; en: string } };
  const retitled = { ...baseline, title: { zh: '岗位', en: 'Posts' } };

  it('records a publish, a rollback and a revert with the version in force before and after', async () => {
    const published = await send('POST', '/api/blade-system/studio/publish', {
      body: { pageId: 'system/post', definition: retitled, comment: '短标题' },
    });
    expect(published.success).toBe(true);
    expect(await newest('page')).toMatchObject({
      ...byAdmin,
      action: 'publish',
      subject: 'system/post',
      before: { version: 0, definition: null },
      after: { version: 1, comment: '短标题', definition: retitled },
    });
    await send('POST', '/api/blade-system/studio/revert', { body: { pageId: 'system/post' } });
    expect(await newest('page')).toMatchObject({
      action: 'revert',
      before: { version: 1, definition: retitled },
      after: { version: 2, comment: '恢复为内置文件', definition: null },
    });
    await send('POST', '/api/blade-system/studio/rollback', { body: { pageId: 'system/post', version: 1 } });
    expect(await newest('page')).toMatchObject({
      action: 'rollback',
      before: { version: 2, definition: null },
      after: { version: 3, definition: retitled },
    });
    // A page refused by its checks is not published, and not in the trail.
    const count = (await trail({ kind_equal: 'page' })).length;
    const refused = await send('POST', '/api/blade-system/studio/publish', {
      body: { pageId: 'system/post', definition: { ...retitled, lable: 'x' }, comment: 'typo' },
    });
    expect(refused.status).toBe(400);
    expect((await trail({ kind_equal: 'page' })).length).toBe(count);
  });

  const MODEL = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn" targetNamespace="http://ride-console/processes">
  <process id="key_return" name="钥匙归还" ride:en="Key return" isExecutable="true">
    <startEvent id="ask" name="申请" flowable:formKey="work/start" />
    <sequenceFlow id="toCheck" sourceRef="ask" targetRef="check" />
    <userTask id="check" name="核对" flowable:formKey="work/todo" flowable:candidateGroups="administrator" />
    <sequenceFlow id="toEnd" sourceRef="check" targetRef="done" />
    <endEvent id="done" />
  </process>
</definitions>`;

  it('records a model deployed, uploaded, suspended, activated and removed', async () => {
    const saved = await send('POST', '/api/blade-flow/model/submit', { body: { xml: MODEL } });
    const modelId = String((saved.data as Row).id);
    const deployed = await send('POST', '/api/blade-flow/model/deploy', { query: { modelId } });
    expect(deployed.data).toMatchObject({ processDefinitionId: 'key_return:1' });
    expect(await newest('process_model')).toMatchObject({
      ...byAdmin,
      action: 'deploy',
      subject: 'key_return',
      before: null,
      after: { processKey: 'key_return', version: 1, name: '钥匙归还', suspended: false, xml: MODEL },
    });

    const changed = MODEL.replace('name="核对"', 'name="核对钥匙"');
    const boundary = `----audit${crypto.randomBytes(6).toString('hex')}`;
    const upload = await api.server.app.inject({
      method: 'POST',
      url: '/api/blade-flow/manager/deploy-upload',
      remoteAddress: ADMIN_IP,
      headers: {
        authorization: BASIC,
        'blade-auth': `bearer ${api.adminToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="key.bpmn"\r\nContent-Type: text/xml\r\n\r\n`,
        ),
        Buffer.from(changed),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode).toBe(200);
    expect(await newest('process_model')).toMatchObject({
      action: 'deploy',
      before: { version: 1, xml: MODEL },
      after: { version: 2, xml: changed },
    });

    await send('POST', '/api/blade-flow/manager/change-state', {
      query: { processId: 'key_return:2', state: 'suspend' },
    });
    expect(await newest('process_model')).toMatchObject({
      action: 'suspend',
      subject: 'key_return:2',
      before: { suspended: false },
      after: { suspended: true },
    });
    await send('POST', '/api/blade-flow/manager/change-state', {
      query: { processId: 'key_return:2', state: 'active' },
    });
    expect(await newest('process_model')).toMatchObject({ action: 'activate', after: { suspended: false } });

    await send('POST', '/api/blade-flow/model/remove', { query: { ids: modelId } });
    expect(await newest('process_model')).toMatchObject({
      action: 'remove',
      subject: 'key_return',
      before: { modelKey: 'key_return', xml: MODEL },
      after: null,
    });

    // A model the checks refuse is not deployed, and not in the trail.
    const count = (await trail({ kind_equal: 'process_model' })).length;
    const bad = await send('POST', '/api/blade-flow/model/submit', {
      body: { xml: MODEL.replace(' flowable:candidateGroups="administrator"', '') },
    });
    const refused = await send('POST', '/api/blade-flow/model/deploy', {
      query: { modelId: String((bad.data as Row).id) },
    });
    expect(refused.status).toBe(400);
    expect((await trail({ kind_equal: 'process_model' })).length).toBe(count);
  });
});

describe('a shipped model', () => {
  it('changed by an upgrade, is deployed at start in the trail, naming nobody', async () => {
    const { db } = api.server.ctx;
    const shipped = readFileSync(join(import.meta.dirname, '..', '..', '..', 'processes', 'leave.bpmn'), 'utf8');
    // The version in force is an older shipped one: the file of this release differs from it.
    const older = shipped.replace('days &gt; 3}', 'days &gt; 2}');
    const before = await deploy(db, older, null);
    await deployShippedProcesses(db);
    expect(await newest('process_model')).toMatchObject({
      account: '',
      realName: '',
      remoteIp: '',
      action: 'deploy',
      subject: 'leave',
      before: { version: before.version, xml: older },
      after: { version: before.version + 1, xml: shipped },
    });
  });
});

describe('the 审计日志 screen', () => {
  it('names every kind of change in Chinese and English (dictionary audit_kind)', () => {
    const dictionary = readDictionaryFiles().find((file) => file.code === 'audit_kind');
    expect(dictionary?.items.map((item) => item.key)).toEqual([...AUDIT_KINDS]);
  });

  it('searches by person (account or name), kind, date and subject', async () => {
    await send('POST', '/api/blade-system/role/submit', {
      token: auditor,
      ip: '10.9.9.9',
      body: { roleName: '审计员的角色', roleAlias: 'by_auditor' },
    });
    const all = await trail();
    expect(all.length).toBeGreaterThan(10);
    const byName = await trail({ person: '审计' });
    expect(byName.map((row) => [row.account, row.realName, row.remoteIp, row.subject])).toEqual([
      ['auditor', '审计员', '10.9.9.9', '审计员的角色'],
    ]);
    expect(await trail({ person: 'auditor' })).toEqual(byName);
    const admins = await trail({ person: 'admin' });
    expect(admins).toEqual(all.filter((row) => row.account === 'admin'));
    expect(admins.length).toBeGreaterThan(10);

    const kinds = await trail({ kind_equal: 'page' });
    expect(kinds.map((row) => row.action)).toEqual(['rollback', 'revert', 'publish']);
    expect((await trail({ subject: 'system/post' })).length).toBe(3);

    const [first, last] = [all.at(-1), all[0]].map((row) => String(row?.createTime).slice(0, 10));
    expect((await trail({ createTime_dategt: first, createTime_datelt: last })).length).toBe(all.length);
    expect(await trail({ createTime_dategt: '2099-01-01' })).toEqual([]);
    expect(await trail({ createTime_datelt: '2000-01-01' })).toEqual([]);
  });

  it('shows one row with its before and after in the detail', async () => {
    const [row] = await trail({ kind_equal: 'role', action_equal: 'edit' });
    const detail = await send('GET', '/api/blade-log/audit/detail', { query: { id: String(row.id) } });
    expect(detail.data).toEqual(row);
    // One key a line, as the detail's text box shows it.
    expect(String(row.afterValue)).toContain('\n  "roleName": "财务审核",\n');
  });

  it('exports what is searched', async () => {
    const columns = [
      { field: 'createTime', header: '时间' },
      { field: 'realName', header: '操作人' },
      { field: 'remoteIp', header: '来源IP' },
      { field: 'kind', header: '类别', labels: { role: '角色', page: '页面发布' } },
      { field: 'action', header: '操作' },
      { field: 'subject', header: '对象' },
      { field: 'beforeValue', header: '变更前' },
      { field: 'afterValue', header: '变更后' },
    ];
    const started = await send('POST', '/api/blade-system/export/start', {
      body: { url: '/api/blade-log/audit/list', query: { kind_equal: 'role' }, title: '审计日志', columns },
    });
    const id = String((started.data as Row).id);
    for (;;) {
      const progress = (await send('GET', '/api/blade-system/export/progress', { query: { id } })).data as Row;
      if (progress.state !== 'running') {
        expect(progress.state).toBe('done');
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const file = await call(api.server, 'GET', '/api/blade-system/export/file', {
      token: api.adminToken,
      query: { id },
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const roles = await trail({ kind_equal: 'role' });
    expect(sheet.rowCount).toBe(roles.length + 1);
    const lines = roles.map((row) => [
      row.createTime,
      row.realName,
      row.remoteIp,
      '角色',
      row.action,
      row.subject,
      row.beforeValue === '' ? null : row.beforeValue,
      row.afterValue === '' ? null : row.afterValue,
    ]);
    const cells = roles.map((_, at) =>
      Array.from({ length: columns.length }, (_, column) => sheet.getRow(at + 2).getCell(column + 1).value ?? null),
    );
    expect(cells).toEqual(lines);
  });

  it('is read by administrators only, on the server', async () => {
    const refused = await send('GET', '/api/blade-log/audit/list', { token: api.operatorToken });
    expect(refused.status).toBe(403);
    expect(
      (await send('GET', '/api/blade-log/audit/detail', { token: api.operatorToken, query: { id: '1' } })).status,
    ).toBe(403);
    // An export reads the list as its starter, so the operator's finds nothing to write.
    const started = await send('POST', '/api/blade-system/export/start', {
      token: api.operatorToken,
      body: { url: '/api/blade-log/audit/list', title: '审计日志', columns: [{ field: 'subject', header: '对象' }] },
    });
    const id = String((started.data as Row).id);
    let progress: Row;
    do {
      await new Promise((resolve) => setTimeout(resolve, 20));
      progress = (await send('GET', '/api/blade-system/export/progress', { token: api.operatorToken, query: { id } }))
        .data as Row;
    } while (progress.state === 'running');
    expect(progress.state).toBe('failed');
  });

  it('cannot be changed or removed through the API, even by an administrator', async () => {
    const before = await trail();
    const [first] = before;
    for (const path of ['submit', 'update', 'remove', 'save', 'delete']) {
      const tried = await send('POST', `/api/blade-log/audit/${path}`, {
        query: { ids: String(first.id) },
        body: { id: String(first.id), subject: '改过', beforeValue: '', afterValue: '' },
      });
      expect([path, tried.status]).toEqual([path, 404]);
    }
    expect(await trail()).toEqual(before);
    const stored = await api.server.ctx.db.selectFrom('blade_audit').select('id').execute();
    expect(stored.length).toBe(before.length);
  });
});
