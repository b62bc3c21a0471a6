// What a BladeX client reads it can send back: for every resource with a detail and a submit call — read from the
// server's own OpenAPI document, so a resource added later is tried too — a seeded row's detail, submitted unchanged
// by the administrator, is saved, and reads back the same.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let token: string;
let resources: string[] = [];
let detailKeys: Record<string, Array<{ name: string; in: string; required?: boolean }>> = {};

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true', PAY_SANDBOX_DELAY_MS: '0' });
  token = await signIn(server);
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const paths = document.paths;
  resources = Object.keys(paths)
    .filter((path) => path.endsWith('/submit') && paths[path].post)
    .map((path) => path.slice(0, -'/submit'.length))
    .filter((base) => paths[`${base}/detail`]?.get && (paths[`${base}/list`]?.get || paths[`${base}/page`]?.get))
    .sort();
  detailKeys = Object.fromEntries(
    resources.map((base) => [base, (paths[`${base}/detail`].get as { parameters?: [] }).parameters ?? []]),
  );
}, 60000);
afterAll(async () => server?.close());

const headers = () => ({ authorization: BASIC, 'blade-auth': `bearer ${token}` });

type Row = Record<string, unknown>;

async function get(url: string, query: Record<string, string>) {
  const response = await server.app.inject({ method: 'GET', url, query, headers: headers() });
  return response.json() as { code: number; data: Row };
}

/** The first row its list shows (a page's records, or a tree list's roots), by the resource's own order. */
async function seededRow(base: string): Promise<Row | undefined> {
  for (const list of ['list', 'page']) {
    const answer = await get(`${base}/${list}`, { size: '1' });
    if (answer.code !== 200) continue;
    const rows = (Array.isArray(answer.data) ? answer.data : answer.data.records) as Row[] | undefined;
    return rows?.[0];
  }
  return undefined;
}

const seededId = async (base: string) => (await seededRow(base))?.id as string | undefined;

/** The key detail asks for, as its OpenAPI parameters say: `id`, or a region's `code`. */
const keyOf = (base: string): string =>
  detailKeys[base]?.find((parameter) => parameter.in === 'query' && parameter.required)?.name ?? 'id';

/**
 * A row for the resources the seed leaves empty (outside-service configs, split set-up, business dictionaries,
 * interface scopes), added as an administrator would.
 */
const FIRST_ROWS: Record<string, () => Promise<Row>> = {
  '/api/blade-flow/model': async () => ({ xml: readFileSync('processes/leave.bpmn', 'utf8') }),
  '/api/blade-resource/oss': async () => ({
    category: 1,
    ossCode: 'rt-oss',
    endpoint: 'http://oss.example.com',
    accessKey: 'ak',
    secretKey: 'sk',
    bucketName: 'ride',
  }),
  '/api/blade-resource/sms': async () => ({
    category: 1,
    smsCode: 'rt-sms',
    templateId: 'SMS_1',
    accessKey: 'ak',
    secretKey: 'sk',
    signName: '骑行',
  }),
  '/api/blade-system/api-scope': async () => ({
    menuId: await seededId('/api/blade-system/menu'),
    resourceCode: 'rt_scope',
    scopeName: '往返',
    scopePath: '/api/blade-system/param/list',
    scopeType: 1,
  }),
  '/api/blade-system/dict-biz': async () => ({
    code: 'rt_code',
    dictKey: '-1',
    dictValue: '往返',
    sort: 1,
    isSealed: 0,
  }),
  '/api/blade-system/payee': async () => ({ payeeName: '往返收款方', mchId: '1900000109' }),
  '/api/blade-system/receiver': async () => ({
    receiverName: '往返接收方',
    receiverType: 1,
    account: '1900000110',
    relationType: 1,
  }),
  '/api/blade-system/setter': async () => ({
    receiverId: (await seededId('/api/blade-system/receiver')) ?? '',
    siteId: (await seededId('/api/blade-system/site')) ?? '',
    ratio: 100,
  }),
};

describe('detail → submit', () => {
  it('finds the resources', () => {
    expect(resources.length).toBeGreaterThan(30);
    expect(resources).toContain('/api/blade-system/equ');
  });

  it('saves every resource’s detail sent back unchanged', async () => {
    const refused: string[] = [];
    const unseeded: string[] = [];
    const sent: Record<string, Row> = {};
    for (const base of resources) {
      const first = FIRST_ROWS[base];
      if (first) {
        const added = await server.app.inject({
          method: 'POST',
          url: `${base}/submit`,
          payload: await first(),
          headers: headers(),
        });
        expect(added.statusCode, `${base}: ${added.body}`).toBe(200);
      }
      const key = keyOf(base);
      const row = await seededRow(base);
      if (!row) {
        unseeded.push(base);
        continue;
      }
      const query = { [key]: String(row[key]) };
      const detail = (await get(`${base}/detail`, query)).data;
      sent[base] = detail;
      const saved = await server.app.inject({
        method: 'POST',
        url: `${base}/submit`,
        payload: detail,
        headers: headers(),
      });
      if (saved.statusCode !== 200) refused.push(`${base}: ${saved.body}`);
      else expect((await get(`${base}/detail`, query)).data, base).toMatchObject(withoutTimes(detail));
    }
    expect(refused).toEqual([]);
    expect(unseeded).toEqual([]);
    // BladeX's empty number went out and came back: an equipment without a port, a discount coupon without an amount.
    expect(sent['/api/blade-system/equ']).toMatchObject({ port: -1 });
  });
});

/** The detail less what a save changes by itself. */
function withoutTimes(detail: Record<string, unknown>): Record<string, unknown> {
  const { updateTime: _time, updateUser: _user, ...rest } = detail;
  return rest;
}
