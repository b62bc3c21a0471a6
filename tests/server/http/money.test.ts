// Money arrives as a JSON integer of cents and nothing else: every call whose body carries money — found in the
// server's own OpenAPI document by the mark its money fields bear, so a call added later is tried too — is sent
// `true`, "100", "1e3", 1.5 and -1 in each money field (of a row holding an amount, for the resources' submits) and
// refuses each naming the field by its label, in Chinese and in English, writing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY } from '../../../server/platform/http/money.js';
import { changedTables, type Fingerprint, fingerprintOf } from '../fuzz/fingerprint.js';
import { BASIC, RIDER, signIn, signInCustomer, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let fingerprint: Fingerprint;
let admin: string;
let customer: string;

interface MoneyCall {
  path: string;
  field: string;
  name: { label: string; en: string };
  minimum: number;
  asCustomer: boolean;
}

let calls: MoneyCall[] = [];

type Schema = { properties?: Record<string, Record<string, unknown>> };
type Documented = {
  requestBody?: { content: Record<string, { schema?: Schema }> };
  'x-access'?: unknown;
};

beforeAll(async () => {
  server = await startTestServer({ SEED_DEMO: 'true', PAY_SANDBOX_DELAY_MS: '0' });
  fingerprint = await fingerprintOf(server);
  admin = await signIn(server);
  customer = (await signInCustomer(server, 'o-money')).token;
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, Documented>>;
  };
  calls = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.values(methods).flatMap((operation) =>
      Object.entries(operation.requestBody?.content['application/json']?.schema?.properties ?? {})
        .filter(([, property]) => property[MONEY])
        .map(([field, property]) => ({
          path,
          field,
          name: property[MONEY] as MoneyCall['name'],
          minimum: Number(property.minimum),
          asCustomer: operation['x-access'] === 'customer',
        })),
    ),
  );
}, 60000);
afterAll(async () => server?.close());

/** A body that would pass but for its money: an update of a seeded row, or a hand-written call's other fields. */
async function bodyFor(call: MoneyCall): Promise<Record<string, unknown>> {
  const others: Record<string, Record<string, unknown>> = {
    '/api/blade-system/pay/launch-refund': { orderId: '1', outRefundNo: 'R20261127000001', reason: '测试' },
    '/api/blade-system/pay/refund': { orderId: '1', outRefundNo: 'C20261127000001', reason: '测试' },
    '/api/blade-system/pay/launch': { purpose: 'recharge' },
    '/api/blade-system/pay/transfers': { customerId: '1', outBatchNo: 'T20261127000001', remark: '测试' },
  };
  if (others[call.path]) return others[call.path];
  const list = await send('GET', call.path.replace(/\/submit$/, '/list'), undefined, false);
  const [row] = (list.json() as { data: { records: Array<{ id: string }> } }).data.records;
  expect(row, `a seeded row of ${call.path}`).toBeDefined();
  // The field holds an amount, so a -1 cannot be BladeX's empty number sent back (engine/wire-empty.ts).
  const held = await send('POST', call.path, { id: row.id, [call.field]: Math.max(call.minimum, 100) }, false);
  expect(held.statusCode, held.body).toBe(200);
  return { id: row.id };
}

const send = (method: 'GET' | 'POST', url: string, body: unknown, asCustomer: boolean, language = 'zh-CN') =>
  server.app.inject({
    method,
    url,
    headers: {
      authorization: asCustomer ? RIDER : BASIC,
      'blade-auth': `bearer ${asCustomer ? customer : admin}`,
      'accept-language': language,
    },
    ...(body === undefined ? {} : { payload: body as object }),
  });

const BAD: Array<[string, unknown]> = [
  ['true', true],
  ['"100"', '100'],
  ['"1e3"', '1e3'],
  ['1.5', 1.5],
  ['-1', -1],
];

describe('money fields', () => {
  it('are found on every call that takes money', () => {
    const found = new Set(calls.map((call) => `${call.path} ${call.field}`));
    for (const expected of [
      '/api/blade-system/pay/launch-refund amount',
      '/api/blade-system/pay/refund amount',
      '/api/blade-system/pay/launch amount',
      '/api/blade-system/pay/transfers amount',
      '/api/blade-system/price/submit deposit',
      '/api/blade-system/price/submit firstPrice',
      '/api/blade-system/price/submit unitPrice',
      '/api/blade-system/price/submit dailyCap',
      '/api/blade-system/type/submit deposit',
      '/api/blade-system/coupon/submit amount',
      '/api/blade-system/coupon/submit threshold',
      '/api/blade-system/activity/submit rechargeAmount',
      '/api/blade-system/activity/submit bonusAmount',
      '/api/blade-system/goods/submit price',
    ]) {
      expect(found).toContain(expected);
    }
  });

  it('take only JSON integers of cents, naming the field in both languages and writing nothing', async () => {
    for (const call of calls) {
      const body = await bodyFor(call);
      for (const [shown, value] of BAD) {
        const what = `${call.path} ${call.field} = ${shown}`;
        const before = await fingerprint();
        const zh = await send('POST', call.path, { ...body, [call.field]: value }, call.asCustomer);
        const en = await send('POST', call.path, { ...body, [call.field]: value }, call.asCustomer, 'en');
        expect(zh.statusCode, `${what}: ${zh.body}`).toBe(400);
        const integer = value === -1 ? `不能小于 ${call.minimum}` : '必须是整数';
        // A label ending in a Chinese character runs into the sentence; 押金(分) keeps a space.
        const subject = /[\u4e00-\u9fff]$/.test(call.name.label) ? call.name.label : `${call.name.label} `;
        expect(zh.json(), what).toEqual({ code: 400, success: false, data: null, msg: `${subject}${integer}` });
        const english = value === -1 ? `must not be less than ${call.minimum}` : 'must be an integer';
        expect(en.json().msg, what).toBe(`${call.name.en} ${english}`);
        expect(changedTables(before, await fingerprint()), `${what} wrote`).toEqual([]);
      }
    }
  });
});
