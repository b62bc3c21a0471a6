// The engine's detail / submit / remove: validation messages naming the field, audit columns, logical delete,
// button permissions and data scope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { call, signIn } from '../harness.js';
import { type Api, openApi, pageOf, rowOf } from './api.js';

let api: Api;
const SUBMIT = '/api/blade-system/param/submit';
const DETAIL = '/api/blade-system/param/detail';
const REMOVE = '/api/blade-system/param/remove';

const idOfKey = async (paramKey: string): Promise<string> => {
  const page = pageOf(await api.get('/api/blade-system/param/list', { paramKey_equal: paramKey }));
  return String(page.records[0]?.id ?? '');
};

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

describe('submit: add', () => {
  it('names the missing field with the form message', async () => {
    expect(await api.post(SUBMIT, { body: { paramKey: 'k', paramValue: 'v' } })).toMatchObject({
      status: 400,
      success: false,
      msg: '请输入参数名称',
    });
    expect(await api.post(SUBMIT, { body: { paramName: 'n', paramValue: 'v' } })).toMatchObject({
      msg: '请输入参数键名',
    });
    expect(await api.post(SUBMIT, { body: { paramName: '', paramKey: 'k', paramValue: 'v' } })).toMatchObject({
      status: 400,
      msg: '请输入参数名称',
    });
  });

  it('names a field of the wrong type or length', async () => {
    expect(
      await api.post(SUBMIT, { body: { paramName: { nested: true }, paramKey: 'k', paramValue: 'v' } }),
    ).toMatchObject({ status: 400, msg: '参数名称必须是字符串' });
    expect(
      await api.post(SUBMIT, { body: { paramName: 'x'.repeat(256), paramKey: 'k', paramValue: 'v' } }),
    ).toMatchObject({ status: 400, msg: '参数名称长度不能超过 255 个字符' });
    expect(await api.post(SUBMIT, { body: { id: 'abc', paramName: 'n' } })).toMatchObject({
      status: 400,
      msg: '主键格式不正确',
    });
  });

  it('refuses a body that is not JSON', async () => {
    const response = await call(api.server, 'POST', SUBMIT, {
      token: api.adminToken,
      headers: { 'content-type': 'application/json' },
      body: '{"paramName": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 400, msg: '请求体不是合法的 JSON' });
  });

  it('adds with the audit columns of the caller', async () => {
    expect(
      await api.post(SUBMIT, { body: { paramName: '押金', paramKey: 'deposit', paramValue: '9900' } }),
    ).toMatchObject({ status: 200, success: true, msg: '操作成功' });
    const admin = await api.server.ctx.db
      .selectFrom('blade_user')
      .select(['id', 'deptId'])
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const row = rowOf(await api.get(DETAIL, { id: await idOfKey('deposit') }));
    expect(row).toMatchObject({
      paramName: '押金',
      paramValue: '9900',
      createUser: String(admin.id),
      createDept: admin.deptId,
      updateUser: String(admin.id),
      status: 1,
      isDeleted: 0,
    });
    expect(row.createTime).toBe(row.updateTime);
  });

  it('refuses a key another live parameter holds', async () => {
    expect(
      await api.post(SUBMIT, { body: { paramName: '另一个', paramKey: 'deposit', paramValue: '1' } }),
    ).toMatchObject({ status: 400, msg: '参数键名已存在' });
  });
});

describe('submit: update', () => {
  it('updates the fields sent and keeps the rest', async () => {
    const id = await idOfKey('deposit');
    const before = rowOf(await api.get(DETAIL, { id }));
    expect(await api.post(SUBMIT, { body: { id, paramValue: '19900', createUser: '1', isDeleted: 1 } })).toMatchObject({
      status: 200,
    });
    const after = rowOf(await api.get(DETAIL, { id }));
    expect(after).toMatchObject({
      paramName: '押金',
      paramValue: '19900',
      createUser: before.createUser,
      isDeleted: 0,
    });
    expect(after.createTime).toBe(before.createTime);
  });

  it('accepts the id as a number, and an empty or null id as an add', async () => {
    const id = await idOfKey('deposit');
    expect(await api.post(SUBMIT, { body: { id: Number(id), paramValue: '29900' } })).toMatchObject({ status: 200 });
    expect(rowOf(await api.get(DETAIL, { id })).paramValue).toBe('29900');
    for (const [blank, paramKey] of [
      [null, 'blank.null'],
      ['', 'blank.empty'],
    ] as const) {
      expect(
        await api.post(SUBMIT, { body: { id: blank, paramName: '空id', paramKey, paramValue: '1', remark: null } }),
      ).toMatchObject({ status: 200 });
      expect(await idOfKey(paramKey)).toMatch(/^\d+$/);
    }
  });

  it('answers 404 for an unknown id', async () => {
    expect(await api.post(SUBMIT, { body: { id: '123456789', paramValue: 'x' } })).toMatchObject({
      status: 404,
      msg: '数据不存在',
    });
  });
});

describe('detail', () => {
  it('names a missing or malformed id and answers 404 for an unknown one', async () => {
    expect(await api.get(DETAIL)).toMatchObject({ status: 400, msg: 'id 不能为空' });
    expect(await api.get(DETAIL, { id: "1' or '1'='1" })).toMatchObject({ status: 400, msg: 'id 格式不正确' });
    expect(await api.get(DETAIL, { id: '987654321' })).toMatchObject({ status: 404, msg: '数据不存在' });
  });
});

describe('remove', () => {
  it('names missing or malformed ids and answers 404 when none exists', async () => {
    expect(await api.post(REMOVE)).toMatchObject({ status: 400, msg: '请选择至少一条数据' });
    expect(await api.post(REMOVE, { query: { ids: '' } })).toMatchObject({ status: 400, msg: '请选择至少一条数据' });
    expect(await api.post(REMOVE, { query: { ids: '1;drop table blade_param' } })).toMatchObject({
      status: 400,
      msg: 'ids 格式不正确',
    });
    expect(await api.post(REMOVE, { query: { ids: '1,2' } })).toMatchObject({ status: 404, msg: '数据不存在' });
  });

  it('deletes logically: gone from list and detail, the row kept, the key free again', async () => {
    await api.post(SUBMIT, { body: { paramName: '临时', paramKey: 'temp.one', paramValue: '1' } });
    await api.post(SUBMIT, { body: { paramName: '临时', paramKey: 'temp.two', paramValue: '2' } });
    const ids = [await idOfKey('temp.one'), await idOfKey('temp.two')];
    expect(await api.post(REMOVE, { query: { ids: ids.join(',') } })).toMatchObject({ status: 200, msg: '操作成功' });
    expect(pageOf(await api.get('/api/blade-system/param/list', { paramKey_likeright: 'temp.' })).total).toBe(0);
    expect((await api.get(DETAIL, { id: ids[0] })).status).toBe(404);
    const kept = await api.server.ctx.db
      .selectFrom('blade_param')
      .select('isDeleted')
      .where('id', '=', Number(ids[0]))
      .executeTakeFirstOrThrow();
    expect(kept.isDeleted).toBe(1);
    expect(
      await api.post(SUBMIT, { body: { paramName: '临时', paramKey: 'temp.one', paramValue: '3' } }),
    ).toMatchObject({ status: 200 });
  });
});

describe('permissions', () => {
  it('refuses a caller without a token', async () => {
    const response = await call(api.server, 'GET', '/api/blade-system/param/list');
    expect(response.statusCode).toBe(401);
  });

  it('lets the operator list and add parameters but not delete them, even with the UI bypassed', async () => {
    const token = api.operatorToken;
    expect((await api.get('/api/blade-system/param/list', {}, token)).status).toBe(200);
    expect(
      await api.post(SUBMIT, { token, body: { paramName: '运营参数', paramKey: 'op.param', paramValue: '1' } }),
    ).toMatchObject({ status: 200 });
    expect(await api.post(REMOVE, { token, query: { ids: await idOfKey('op.param') } })).toMatchObject({
      status: 403,
      msg: '缺少访问权限',
    });
    expect(rowOf(await api.get(DETAIL, { id: await idOfKey('op.param') })).paramName).toBe('运营参数');
  });

  it('refuses the operator a screen it was not granted', async () => {
    expect(await api.get('/api/blade-system/client/list', {}, api.operatorToken)).toMatchObject({ status: 403 });
  });
});

describe('data scope', () => {
  it('limits notices to the rows the role may see', async () => {
    const db = api.server.ctx.db;
    const operator = await db
      .selectFrom('blade_user')
      .select(['id', 'roleId', 'deptId'])
      .where('account', '=', 'operator')
      .executeTakeFirstOrThrow();
    const menu = await db.selectFrom('blade_menu').select('id').where('code', '=', 'notice').executeTakeFirstOrThrow();
    const scopeId = nextId();
    await db
      .insertInto('blade_scope_data')
      .values({
        id: scopeId,
        menuId: menu.id,
        resourceCode: 'notice',
        scopeName: '本人可见',
        scopeType: 2,
        createTime: now(),
      })
      .execute();
    await db
      .insertInto('blade_role_scope')
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId: Number(operator.roleId) })
      .execute();
    await db.deleteFrom('blade_notice').execute();
    const notice = (title: string, createUser: number, createDept: number | null) =>
      db
        .insertInto('blade_notice')
        .values({ id: nextId(), title, category: 1, createUser, createDept, createTime: now() })
        .execute();
    await notice('运营自己的通知', operator.id, Number(operator.deptId));
    await notice('同部门别人的通知', 1, Number(operator.deptId));
    await notice('别的部门的通知', 1, 2);

    const titles = async (token: string) =>
      pageOf(await api.get('/api/blade-desk/notice/list', {}, token))
        .records.map((row) => row.title)
        .sort();
    expect(await titles(api.operatorToken)).toEqual(['运营自己的通知']);
    expect(await titles(api.adminToken)).toHaveLength(3);

    await db.updateTable('blade_scope_data').set({ scopeType: 3 }).where('id', '=', scopeId).execute();
    expect(await titles(api.operatorToken)).toEqual(['同部门别人的通知', '运营自己的通知']);

    const others = pageOf(await api.get('/api/blade-desk/notice/list', { title: '别的部门' })).records[0];
    expect((await api.get('/api/blade-desk/notice/detail', { id: String(others.id) }, api.operatorToken)).status).toBe(
      404,
    );

    // Without any department, "own department" means no rows rather than all rows.
    await db.updateTable('blade_user').set({ deptId: '' }).where('id', '=', operator.id).execute();
    const homeless = await signIn(api.server, 'operator', 'operator');
    expect(await titles(homeless)).toEqual([]);
    await db.updateTable('blade_user').set({ deptId: operator.deptId }).where('id', '=', operator.id).execute();
  });
});
