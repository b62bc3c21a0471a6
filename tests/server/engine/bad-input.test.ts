// Bad input is a 400 inside the envelope that names the field, never a 500, and nothing of it is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { BASIC, call, liveIdOf, RIDER, signInCustomer } from '../harness.js';
import { type Api, openApi, pageOf } from './api.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

interface ListOperation {
  parameters?: Array<{ name: string; required?: boolean }>;
  'x-access'?: unknown;
}

/** The paged lists, each with whether it is the customer app's (called with a customer's token). */
const listPaths = async (): Promise<Array<{ path: string; customer: boolean }>> => {
  const document = (await api.server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, ListOperation>>;
  };
  return Object.entries(document.paths)
    .filter(([, methods]) => methods.get?.parameters?.some((p) => p.name === 'size'))
    .filter(([, methods]) => !methods.get?.parameters?.some((p) => p.required))
    .map(([path, methods]) => ({ path, customer: methods.get?.['x-access'] === 'customer' }));
};

const paramCount = async () =>
  Number(
    (
      await api.server.ctx.db
        .selectFrom('blade_param')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('numbers', () => {
  it('refuses size=Infinity and current=1e400 on every paged list with a 400 naming the field', async () => {
    const paths = await listPaths();
    expect(paths.length).toBeGreaterThanOrEqual(16);
    const customer = await signInCustomer(api.server, 'o-bad-input');
    for (const { path, customer: asCustomer } of paths) {
      const get = (query: Record<string, string>) =>
        asCustomer
          ? call(api.server, 'GET', path, { token: customer.token, query, headers: { authorization: RIDER } }).then(
              (response) => ({ status: response.statusCode, msg: response.json().msg }),
            )
          : api.get(path, query);
      const size = await get({ size: 'Infinity' });
      expect([path, size.status, size.msg]).toEqual([path, 400, 'size 超出允许范围']);
      const current = await get({ current: '1e400' });
      expect([path, current.status, current.msg]).toEqual([path, 400, 'current 超出允许范围']);
    }
  });

  it('refuses an integer column a fraction, a number past 32 bits, and 1e400 in JSON', async () => {
    const id = await liveIdOf(api.server, 'blade_param', 'paramKey', 'account.failCount');
    const half = await api.post('/api/blade-system/param/submit', { body: { id, status: 1.5 } });
    expect([half.status, half.msg]).toEqual([400, '状态必须是整数']);
    const menu = await liveIdOf(api.server, 'blade_menu', 'code', 'param');
    const sort = await api.post('/api/blade-system/menu/submit', { body: { id: menu, sort: 2 ** 40 } });
    expect(sort.status).toBe(400);
    expect(sort.msg).toMatch(/^菜单排序/);
    const response = await api.server.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${api.adminToken}`, 'content-type': 'application/json' },
      payload: `{"id":"${id}","status":1e400}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/^状态/);
  });
});

describe('empty values', () => {
  it('refuses null and "" for a column that cannot be empty, naming it, on every kind of system row', async () => {
    const cases: Array<[string, string, string, string]> = [
      ['/api/blade-system/param/submit', 'blade_param', 'paramKey', 'account.failCount'],
      ['/api/blade-system/role/submit', 'blade_role', 'roleAlias', 'administrator'],
      ['/api/blade-system/menu/submit', 'blade_menu', 'code', 'param'],
      ['/api/blade-system/client/submit', 'blade_client', 'clientId', 'saber'],
    ];
    for (const [url, table, column, value] of cases) {
      const id = await liveIdOf(api.server, table, column, value);
      for (const empty of [null, '']) {
        const answer = await api.post(url, { body: { id, status: empty } });
        expect([url, answer.status, answer.code, answer.success, answer.msg]).toEqual([
          url,
          400,
          400,
          false,
          '状态不能为空',
        ]);
      }
    }
  });

  it('refuses a blank required text as if it were missing', async () => {
    const before = await paramCount();
    const answer = await api.post('/api/blade-system/param/submit', {
      body: { paramName: '   ', paramKey: 'blank.name', paramValue: 'v' },
    });
    expect([answer.status, answer.msg]).toEqual([400, '请输入参数名称']);
    expect(await paramCount()).toBe(before);
  });
});

describe('garbage', () => {
  it('refuses a status outside its range', async () => {
    const answer = await api.post('/api/blade-system/param/submit', {
      body: { paramName: '状态', paramKey: 'odd.status', paramValue: 'v', status: 99 },
    });
    expect([answer.status, answer.msg]).toEqual([400, '状态必须是以下值之一: 0, 1, 2']);
  });

  it('refuses dates the calendar does not have', async () => {
    for (const releaseTime of ['2024-13-45 25:61:61', '2024-02-30', '2023-02-29 10:00:00']) {
      const answer = await api.post('/api/blade-desk/notice/submit', {
        body: { title: '停电通知', category: 1, content: 'x', releaseTime },
      });
      expect(answer.status).toBe(400);
      expect(answer.msg).toMatch(/^通知时间/);
    }
    const good = await api.post('/api/blade-desk/notice/submit', {
      body: { title: '闰日通知', category: 1, content: 'x', releaseTime: '2024-02-29 10:00:00' },
    });
    expect(good.success).toBe(true);
  });

  it('refuses a NUL byte in any text, in the body or the query', async () => {
    const before = await paramCount();
    const body = await api.post('/api/blade-system/param/submit', {
      body: { paramName: 'a\u0000b', paramKey: 'nul.name', paramValue: 'v' },
    });
    expect([body.status, body.msg]).toEqual([400, 'paramName 不能包含空字符']);
    const query = await api.get('/api/blade-system/param/list', { paramName: 'x\u0000' });
    expect([query.status, query.msg]).toEqual([400, 'paramName 不能包含空字符']);
    expect(await paramCount()).toBe(before);
  });
});

describe('body depth and size', () => {
  const raw = (payload: string) =>
    api.server.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: { authorization: BASIC, 'blade-auth': `bearer ${api.adminToken}`, 'content-type': 'application/json' },
      payload,
    });

  it('refuses a body nested 8,000 levels deep inside the envelope, and logs the call', async () => {
    const deep = `${'['.repeat(8000)}1${']'.repeat(8000)}`;
    const response = await raw(`{"paramName":"深","paramKey":"deep.body","paramValue":"v","extra":${deep}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      success: false,
      data: null,
      msg: '请求体嵌套层级过深 (最多 32 层)',
    });
    expect(await liveIdOf(api.server, 'blade_param', 'paramKey', 'deep.body').catch(() => null)).toBeNull();
    await flushLogs(api.server.ctx);
    const refused = pageOf(await api.get('/api/blade-log/api/list', { type_equal: '2', size: 1 })).records[0];
    expect(refused).toMatchObject({ requestUri: '/api/blade-system/param/submit', method: 'POST' });
  });

  it('stores a write with a nested extra field and logs it with secrets masked at any depth', async () => {
    const extra = { a: { b: { c: { password: 'hidden-deep' } } } };
    const saved = await api.post('/api/blade-system/param/submit', {
      body: { paramName: '嵌套', paramKey: 'nested.body', paramValue: 'v', extra },
    });
    expect(saved.success).toBe(true);
    await flushLogs(api.server.ctx);
    const page = pageOf(await api.get('/api/blade-log/api/list', { requestUri: '/api/blade-system/param/submit' }));
    const logged = page.records.find((row) => String(row.params).includes('nested.body'));
    expect(logged?.params).toContain('"password":"******"');
    expect(logged?.params).not.toContain('hidden-deep');
  });

  it('refuses a body over 1 MB', async () => {
    const response = await raw(`{"paramName":"大","paramKey":"big.body","paramValue":"${'x'.repeat(1_100_000)}"}`);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 413, success: false, msg: '请求体过大, 不能超过 1 MB' });
  });
});
