import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';
import { SCOPE_DEPT } from '../../../server/system/permissions/data-scope.js';
import { addDept, addRole, addUser, grantCode, setParam } from '../auth/fixtures.js';
import { type CallOptions, call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;
let region: number;
let shanghai: number;
let roleId: number;

interface WireUser {
  id: string;
  account: string;
  realName: string;
  roleName: string;
  deptName: string;
  sexName: string;
  deptId: string;
  password?: string;
}

const get = (url: string, query: Record<string, string | number> = {}, token = admin) =>
  call(server, 'GET', `/api/blade-user/${url}`, { token, query });
const post = (url: string, options: CallOptions = {}) =>
  call(server, 'POST', `/api/blade-user/${url}`, { token: options.token ?? admin, ...options });
const page = async (query: Record<string, string | number> = {}, token = admin): Promise<WireUser[]> => {
  const response = await get('page', { size: 100, ...query }, token);
  expect(response.statusCode).toBe(200);
  return response.json().data.records;
};
const idOf = async (account: string): Promise<string> => {
  const found = (await page({ account })).find((user) => user.account === account);
  if (!found) throw new Error(`no user ${account}`);
  return found.id;
};
const passwordSignIn = (account: string, plain: string) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: { username: account, password: md5(plain), grant_type: 'password', scope: 'all' },
  });

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  region = await addDept(server, '华南大区');
  shanghai = await addDept(server, '广州站', region);
  roleId = await addRole(server, 'region_manager', '大区经理');
  await addUser(server, { account: 'gz1', realName: '广州一', deptIds: [shanghai], roleIds: [roleId] });
  await addUser(server, { account: 'south', realName: '大区', deptIds: [region] });
});
afterAll(async () => server?.close());

describe('user page and detail', () => {
  it('answers a page with names and never the password', async () => {
    const response = await get('page', { current: 1, size: 2 });
    const data = response.json().data;
    expect(data).toMatchObject({ current: 1, size: 2, orders: [], searchCount: true });
    expect(data.total).toBeGreaterThanOrEqual(4);
    const gz = (await page({ account: 'gz1' }))[0];
    expect(gz).toMatchObject({ account: 'gz1', roleName: '大区经理', deptName: '广州站', deptId: String(shanghai) });
    expect(gz).not.toHaveProperty('password');
    expect(typeof gz.id).toBe('string');
  });

  it('filters by department including the departments below', async () => {
    expect((await page({ deptId: region })).map((u) => u.account).sort()).toEqual(['gz1', 'south']);
    expect((await page({ deptId: shanghai })).map((u) => u.account)).toEqual(['gz1']);
  });

  it('filters by account and real name, and refuses bad paging', async () => {
    expect((await page({ realName: '广州' })).map((u) => u.account)).toEqual(['gz1']);
    expect((await page({ account: "' or 1=1 --" })).length).toBe(0);
    const bad = await get('page', { size: 'ten' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('size 必须是整数');
  });

  it('sorts by whitelisted columns only', async () => {
    const sorted = await page({ deptId: region, ascs: 'real_name' });
    expect(sorted.map((u) => u.account)).toEqual(['south', 'gz1']);
    const hostile = await get('page', { descs: 'account;drop table blade_user' });
    expect(hostile.statusCode).toBe(400);
    expect(hostile.json().msg).toBe('descs 不支持按 account;drop table blade_user 排序');
    expect((await get('page', { ascs: 'password' })).json().msg).toBe('ascs 不支持按 password 排序');
  });

  it('answers detail by id, 404 for an unknown id, 400 for a malformed one', async () => {
    const id = await idOf('gz1');
    expect((await get('detail', { id })).json().data).toMatchObject({ account: 'gz1', realName: '广州一' });
    const unknown = await get('detail', { id: '123' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('用户不存在');
    expect((await get('detail', { id: 'abc' })).statusCode).toBe(400);
  });
});

describe('user writes', () => {
  it('adds a user whose plain password then signs in, and refuses a taken account', async () => {
    const body = {
      account: 'newbie',
      name: 'newbie',
      realName: '新人',
      password: 'first-pass',
      deptId: String(shanghai),
      sex: 1,
    };
    expect((await post('submit', { body })).json()).toMatchObject({ code: 200, msg: '操作成功' });
    expect((await passwordSignIn('newbie', 'first-pass')).json().account).toBe('newbie');
    const again = await post('submit', { body });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('当前用户已存在');
    expect((await page({ account: 'newbie' }))[0].sexName).toBe('男');
  });

  it('names the missing or mistyped field', async () => {
    const missing = await post('submit', { body: { name: 'x', realName: 'x', password: 'p' } });
    expect(missing.json().msg).toBe('请输入登录账号');
    const noPassword = await post('submit', { body: { account: 'x1', name: 'x', realName: 'x' } });
    expect(noPassword.json().msg).toBe('请输入密码');
    const wrongType = await post('submit', {
      body: { account: 'x2', name: 'x', realName: 'x', password: 'p', sex: 'male' },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().msg).toContain('性别');
    const long = await post('submit', {
      body: { account: 'x3', name: 'x', realName: '一二三四五六七八九十十一', password: 'p' },
    });
    expect(long.json().msg).toBe('用户姓名长度不能超过 10 个字符');
  });

  it('updates without touching the password', async () => {
    const id = await idOf('newbie');
    const update = await post('update', { body: { id, realName: '老人', password: 'ignored' } });
    expect(update.json().code).toBe(200);
    expect((await get('detail', { id })).json().data.realName).toBe('老人');
    expect((await passwordSignIn('newbie', 'first-pass')).statusCode).toBe(200);
    expect((await post('update', { body: { realName: 'x' } })).json().msg).toBe('主键不能为空');
    expect((await post('update', { body: { id: '99', realName: 'x' } })).statusCode).toBe(404);
    const taken = await post('submit', { body: { id, account: 'gz1' } });
    expect(taken.json().msg).toBe('当前用户已存在');
  });

  it('takes back its own empty values: -1 for an enumerated number and "" for text are stored as empty', async () => {
    const id = await idOf('newbie');
    await post('update', { body: { id, sex: 2, phone: '13800138000' } });
    const detail = (await get('detail', { id })).json().data;
    const update = await post('submit', { body: { ...detail, sex: -1, phone: '' } });
    expect(update.json().msg).toBe('操作成功');
    expect((await get('detail', { id })).json().data).toMatchObject({ sex: -1, phone: '' });
    expect((await post('update', { body: { id, sex: 7 } })).json().code).toBe(400);
  });

  it('disables a user: the sign-in is refused and its open session ends', async () => {
    await addUser(server, { account: 'leaver', password: 'leaver-1' });
    const token = await signIn(server, 'leaver', 'leaver-1');
    const id = await idOf('leaver');
    expect((await post('update', { body: { id, status: 0 } })).json().code).toBe(200);
    expect((await passwordSignIn('leaver', 'leaver-1')).json().error_description).toBe('账号已停用,请联系管理员');
    const info = await get('info', {}, token);
    expect(info.statusCode).toBe(401);
    expect(info.json().msg).toBe('令牌已失效');
  });

  it('grants roles, refusing unknown ones', async () => {
    const id = await idOf('newbie');
    expect((await post('grant', { query: { userIds: id, roleIds: String(roleId) } })).json().code).toBe(200);
    expect((await get('detail', { id })).json().data.roleName).toBe('大区经理');
    const unknown = await post('grant', { query: { userIds: id, roleIds: '42' } });
    expect(unknown.json().msg).toBe('角色不存在');
    expect((await post('grant', { query: { userIds: id } })).json().msg).toBe('roleIds 不能为空');
  });

  it('resets passwords to account.initPassword and ends their sessions', async () => {
    await setParam(server, 'account.initPassword', 'init-999');
    const token = (await passwordSignIn('newbie', 'first-pass')).json().access_token;
    const id = await idOf('newbie');
    expect((await post('reset-password', { query: { userIds: id } })).json().code).toBe(200);
    expect((await passwordSignIn('newbie', 'first-pass')).statusCode).toBe(400);
    expect((await passwordSignIn('newbie', 'init-999')).statusCode).toBe(200);
    expect((await get('info', {}, token)).statusCode).toBe(401);
  });

  it('unlocks a locked account', async () => {
    await setParam(server, 'account.failCount', '2');
    await passwordSignIn('gz1', 'bad');
    await passwordSignIn('gz1', 'bad');
    expect((await passwordSignIn('gz1', 'secret1')).json().error_description).toBe('登录错误次数过多,请稍后再试');
    expect((await post('unlock', { query: { userIds: await idOf('gz1') } })).json().code).toBe(200);
    expect((await passwordSignIn('gz1', 'secret1')).statusCode).toBe(200);
    await setParam(server, 'account.failCount', '5');
  });

  it('keeps platform details per user', async () => {
    const userId = await idOf('gz1');
    const set = await post('update-platform', { query: { userId, userType: 2, userExt: '{"device":"pad"}' } });
    expect(set.json().code).toBe(200);
    const detail = (await get('platform-detail', { id: userId })).json().data;
    expect(detail).toMatchObject({ account: 'gz1', userType: 2, userExt: '{"device":"pad"}' });
    expect((await post('update-platform', { query: { userId, userType: 9 } })).statusCode).toBe(400);
  });

  it('removes users but never the caller', async () => {
    const me = (await get('info')).json().data.id;
    const self = await post('remove', { query: { ids: me } });
    expect(self.json().msg).toBe('不能删除本账号');
    const id = await idOf('newbie');
    expect((await post('remove', { query: { ids: id } })).json().code).toBe(200);
    expect((await page({ account: 'newbie' })).length).toBe(0);
    expect((await post('remove', { query: { ids: id } })).statusCode).toBe(404);
    expect((await post('remove', { query: { ids: '1;drop' } })).statusCode).toBe(400);
  });
});

describe('own account', () => {
  it('shows and edits the caller’s profile', async () => {
    const token = await signIn(server, 'south', 'secret1');
    expect((await get('info', {}, token)).json().data.account).toBe('south');
    const edit = await post('update-info', {
      token,
      body: { realName: '南区经理', phone: '13900000000', email: 'south@example.com' },
    });
    expect(edit.json().code).toBe(200);
    expect((await get('info', {}, token)).json().data).toMatchObject({ realName: '南区经理', phone: '13900000000' });
    const other = await idOf('gz1');
    await post('update-info', { token, body: { id: other, realName: '冒名', account: 'hijack', password: 'x' } });
    expect((await get('detail', { id: other })).json().data).toMatchObject({ account: 'gz1', realName: '广州一' });
    expect((await get('info', {}, token)).json().data).toMatchObject({ account: 'south', realName: '冒名' });
    const long = await post('update-info', { token, body: { name: 'x'.repeat(21) } });
    expect(long.json().msg).toBe('用户昵称长度不能超过 20 个字符');
  });

  it('refuses a birthday off the calendar, an e-mail without a domain and a phone that is not a mainland mobile', async () => {
    const token = await signIn(server, 'south', 'secret1');
    const refusal = async (body: Record<string, string>, language = 'zh') => {
      const answer = await post('update-info', { token, body, headers: { 'accept-language': language } });
      expect(answer.statusCode).toBe(400);
      return answer.json().msg;
    };
    expect(await refusal({ birthday: '2024-13-45 25:61:61' })).toBe('生日格式不正确');
    expect(await refusal({ birthday: '2023-02-29' })).toBe('生日不是有效的日期');
    expect(await refusal({ birthday: '2023-02-29' }, 'en')).toBe('Birthday is not a valid date');
    expect(await refusal({ email: 'test' })).toBe('电子邮箱格式不正确');
    expect(await refusal({ email: 'test' }, 'en')).toBe('Email is not valid');
    expect(await refusal({ phone: 'test' })).toBe('手机号码格式不正确');
    expect(await refusal({ phone: '12345678901' }, 'en')).toBe('Phone is not valid');
    expect((await get('info', {}, token)).json().data).toMatchObject({ phone: '13900000000', birthday: '' });
    // The user screen's own submit holds the same rules.
    const id = await idOf('south');
    const submitted = await post('submit', { body: { id, email: 'no at sign' } });
    expect(submitted.json()).toMatchObject({ code: 400, msg: '电子邮箱格式不正确' });
    const saved = await post('update-info', { token, body: { birthday: '2024-02-29', email: '', phone: '' } });
    expect(saved.json().code).toBe(200);
    expect((await get('info', {}, token)).json().data).toMatchObject({ birthday: '2024-02-29 00:00:00', phone: '' });
  });

  it('changes the password with the right old one and matching new ones', async () => {
    const token = await signIn(server, 'south', 'secret1');
    const change = (oldPassword: string, newPassword: string, newPassword1: string) =>
      post('update-password', {
        token,
        query: { oldPassword: md5(oldPassword), newPassword: md5(newPassword), newPassword1: md5(newPassword1) },
      });
    expect((await change('secret1', 'next-1', 'next-2')).json().msg).toBe('两次输入密码不一致');
    expect((await change('wrong', 'next-1', 'next-1')).json().msg).toBe('原密码不正确');
    expect((await change('secret1', 'next-1', 'next-1')).json().code).toBe(200);
    expect((await passwordSignIn('south', 'next-1')).statusCode).toBe(200);
    const plain = await post('update-password', {
      token,
      query: { oldPassword: 'x', newPassword: 'y', newPassword1: 'y' },
    });
    expect(plain.json().msg).toBe('oldPassword 格式不正确');
  });

  it('ends the other sessions of that user on a password change and keeps the one that changed it', async () => {
    const here = (await passwordSignIn('south', 'next-1')).json();
    const elsewhere = (await passwordSignIn('south', 'next-1')).json();
    const change = await post('update-password', {
      token: here.access_token,
      query: { oldPassword: md5('next-1'), newPassword: md5('next-2'), newPassword1: md5('next-2') },
    });
    expect(change.json().code).toBe(200);
    expect((await get('info', {}, here.access_token)).statusCode).toBe(200);
    expect((await get('info', {}, elsewhere.access_token)).statusCode).toBe(401);
    const refreshed = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { grant_type: 'refresh_token', refresh_token: elsewhere.refresh_token, scope: 'all' },
    });
    expect(refreshed.json().error_description).toBe('刷新令牌无效或已过期');
  });
});

describe('data scope on users', () => {
  it('a role scoped to its own department sees and edits only that department’s users', async () => {
    const managers = await addRole(server, 'user_admin_dept', '部门用户管理员');
    const menuId = await grantCode(server, managers, 'user');
    await grantCode(server, managers, 'user_edit', 2);
    const scopeId = nextId();
    await server.ctx.db
      .insertInto('blade_scope_data')
      .values({ id: scopeId, menuId, scopeName: '本部门用户', scopeType: SCOPE_DEPT, createTime: now() })
      .execute();
    await server.ctx.db
      .insertInto('blade_role_scope')
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId: managers })
      .execute();
    await addUser(server, { account: 'gzadmin', password: 'gz-pass', deptIds: [shanghai], roleIds: [managers] });
    const token = await signIn(server, 'gzadmin', 'gz-pass');
    expect((await page({}, token)).map((u) => u.account).sort()).toEqual(['gz1', 'gzadmin']);
    const south = await idOf('south');
    expect((await get('detail', { id: south }, token)).statusCode).toBe(404);
    expect((await post('update', { token, body: { id: south, realName: 'x' } })).statusCode).toBe(404);
    const remove = await post('remove', { token, query: { ids: await idOf('gz1') } });
    expect(remove.statusCode).toBe(403);
  });
});
