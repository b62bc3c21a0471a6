// The OpenAPI document is valid OpenAPI 3.1 (Redocly's lint finds no error), every call in it has an operationId,
// its answer and its refusals, and what the server really answers matches what the document says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentSandbox } from '../../../server/money/payments/sandbox.js';
import { issueSandboxPhoneCode } from '../../../server/system/auth/miniapp/phone.js';
import { addDept, addUser } from '../auth/fixtures.js';
import { PLAN, SHANGHAI } from '../business/rental-api.js';
import {
  type CallOptions,
  call,
  placeUpload,
  RIDER,
  signIn,
  signInCustomer,
  startTestServer,
  type TestServer,
} from '../harness.js';
import { deliverDue, rode } from '../orders/paid-rental.js';

interface Operation {
  operationId?: string;
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: object }> }>;
  'x-access'?: unknown;
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, object>; responses: Record<string, object> };
}

let server: TestServer;
let document: Document;

beforeAll(async () => {
  // Payments and locks answer at once: the customer app's calls are checked without waiting.
  server = await startTestServer({ PAY_SANDBOX_DELAY_MS: '0', LOCK_SIMULATOR_DELAY_MS: '0' });
  await server.app.ready();
  document = server.app.swagger() as unknown as Document;
}, 60000);
afterAll(async () => server?.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
  );

it('is OpenAPI 3.1 that Redocly validates without an error', async () => {
  expect(document.openapi).toBe('3.1.0');
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
  const errors = problems
    .filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`);
  expect(errors).toEqual([]);
}, 60000);

it('gives every call a unique operationId, its answer and its refusals', () => {
  const all = operations();
  expect(all.length).toBeGreaterThan(400);
  const ids = all.map(({ operation }) => operation.operationId);
  expect(ids.filter((id) => !id)).toEqual([]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(document.paths['/api/blade-system/dict/lazy-tree']?.get.operationId ?? 'system.dict.lazyTree').toBe(
    'system.dict.lazyTree',
  );
  expect(document.paths['/api/blade-system/param/list'].get.operationId).toBe('system.param.list');
  for (const { path, method, operation } of all) {
    const responses = operation.responses ?? {};
    const where = `${method} ${path}`;
    expect(responses['200']?.content?.['application/json']?.schema, where).toBeDefined();
    expect(responses['400'], where).toBeDefined();
    expect(responses['500'], where).toBeDefined();
    if (operation['x-access'] !== 'public')
      expect(responses['401'], where).toEqual({ $ref: '#/components/responses/Unauthorized' });
    // An anonymous call is rate limited: its 429 is documented.
    else expect(responses['429'], where).toBeDefined();
  }
  // Writes answer the envelope too: a submit's data is null, a removal's as well.
  expect(
    document.paths['/api/blade-system/param/submit'].post.responses?.['200'].content?.['application/json'].schema,
  ).toMatchObject({
    required: ['code', 'success', 'data', 'msg'],
    properties: { data: { type: 'null' } },
  });
});

/** Answers whose 2xx carries no envelope to describe, each with why. */
const FREE_FORM: Record<string, string> = {
  'get /api/mp/portal/{appId}': 'the WeChat server check: the echostr as text/plain, no envelope',
  'post /api/mp/portal/{appId}': 'the WeChat push: its XML reply as text, no envelope',
  'get /api/blade-system/page-definition/form-validators': 'a JavaScript module, not JSON',
  'get /api/blade-system/studio/preview-validators': "a draft preview's JavaScript module, not JSON",
  'get /api/blade-auth/oauth/render/{source}':
    "a redirect to the provider's authorisation page, or the simulator's as HTML",
  'get /api/blade-auth/oauth/callback/simulator': 'a redirect back to /login with the one-time code',
  'get /api/blade-resource/oss/file/{name}': "the stored file itself, or a redirect to the object store's signed link",
  'get /api/blade-system/equ/import-template': 'an Excel workbook',
  'get /api/blade-system/export/file': "the export's Excel workbook",
  'post /api/pay/notify': "204 without a body, as WeChat Pay's notifications expect",
};

it('describes the data every call answers, but the free-form ones', () => {
  const untyped = operations()
    .filter(({ operation }) => {
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema as { $ref?: string };
      return schema?.$ref === '#/components/schemas/Answer';
    })
    .map(({ path, method }) => `${method} ${path}`);
  // A new call answering an undescribed `data` fails here, and so does a free-form call described since.
  expect(untyped.sort()).toEqual(Object.keys(FREE_FORM).sort());
});

describe('what the server answers is what the document says', () => {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  let token: string;
  beforeAll(async () => {
    ajv.addSchema(document, 'openapi');
    token = await signIn(server);
  });

  /** The answer's body checked against the document's schema of that call and status. */
  function conforms(path: string, method: string, status: number, body: unknown) {
    const pointer = ['paths', path, method, 'responses', String(status)]
      .map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1'))
      .join('/');
    const response = document.paths[path][method].responses?.[String(status)];
    const schemaPointer = response?.$ref
      ? `${response.$ref}/content/application~1json/schema`
      : `#/${pointer}/content/application~1json/schema`;
    const validate = ajv.getSchema(`openapi${schemaPointer}`);
    if (!validate) throw new Error(`no schema at ${schemaPointer}`);
    expect(validate(body) ? [] : validate.errors, `${method} ${path} ${status}`).toEqual([]);
  }

  type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

  /**
   * Calls `path` (at `url` when its keys are filled in), as the admin unless told, expects a success and checks it
   * against the document; answers its `data`.
   */
  async function succeeds(method: Method, path: string, options: CallOptions & { url?: string } = {}) {
    const response = await call(server, method, options.url ?? path, { token, ...options });
    expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(200);
    conforms(path, method.toLowerCase(), 200, response.json());
    return response.json().data;
  }

  /** A row added through the console as the admin would, answered by its id. */
  async function added(base: string, body: Record<string, unknown>, field: string): Promise<string> {
    await succeeds('POST', `${base}/submit`, { body });
    const { records } = await succeeds('GET', `${base}/list`, { query: { [field]: String(body[field]) } });
    return String(records.find((row: Record<string, unknown>) => row[field] === body[field]).id);
  }

  it('sign-in and its refusal', async () => {
    const query = { tenantId: '000000', username: 'admin', grant_type: 'password', scope: 'all', type: 'account' };
    const good = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { ...query, password: md5('admin') },
    });
    expect(good.statusCode).toBe(200);
    conforms('/api/blade-auth/oauth/token', 'post', 200, good.json());
    const bad = await call(server, 'POST', '/api/blade-auth/oauth/token', {
      query: { ...query, password: md5('nope') },
    });
    expect(bad.statusCode).toBe(400);
    conforms('/api/blade-auth/oauth/token', 'post', 400, bad.json());
    // The check can fail: a token answer without its token does not match.
    expect(() =>
      conforms('/api/blade-auth/oauth/token', 'post', 200, { ...(good.json() as object), access_token: 1 }),
    ).toThrow();
  });

  it('a dictionary, a list, a detail and a submit, and their refusals', async () => {
    const dictionary = await call(server, 'GET', '/api/blade-system/dict/dictionary', {
      token,
      query: { code: 'sex' },
    });
    expect(dictionary.json().data.length).toBeGreaterThan(0);
    conforms('/api/blade-system/dict/dictionary', 'get', 200, dictionary.json());
    const list = await call(server, 'GET', '/api/blade-system/param/list', { token, query: { size: 5 } });
    expect(list.json().data.records.length).toBeGreaterThan(0);
    conforms('/api/blade-system/param/list', 'get', 200, list.json());
    const id = list.json().data.records[0].id as string;
    const detail = await call(server, 'GET', '/api/blade-system/param/detail', { token, query: { id } });
    conforms('/api/blade-system/param/detail', 'get', 200, detail.json());
    const submit = await call(server, 'POST', '/api/blade-system/param/submit', { token, body: detail.json().data });
    expect(submit.statusCode).toBe(200);
    conforms('/api/blade-system/param/submit', 'post', 200, submit.json());
    const missing = await call(server, 'GET', '/api/blade-system/param/detail', { token, query: { id: '1' } });
    expect(missing.statusCode).toBe(404);
    conforms('/api/blade-system/param/detail', 'get', 404, missing.json());
    const anonymous = await call(server, 'GET', '/api/blade-system/param/list');
    expect(anonymous.statusCode).toBe(401);
    conforms('/api/blade-system/param/list', 'get', 401, anonymous.json());
    const refused = await call(server, 'POST', '/api/blade-system/param/submit', { token, body: { paramName: '' } });
    expect(refused.statusCode).toBe(400);
    conforms('/api/blade-system/param/submit', 'post', 400, refused.json());
    // A page the studio's checks refuse: its problems in `data`, as the document says.
    const misspelt = { pageId: 'system/param', definition: { id: 'system/param', title: { zh: '参数' }, blokcs: [] } };
    for (const [path, body] of [
      ['/api/blade-system/studio/publish', { ...misspelt, comment: '写错的键' }],
      ['/api/blade-system/studio/preview-validators', misspelt],
    ] as const) {
      const refusedPage = await call(server, 'POST', path, { token, body });
      expect(refusedPage.statusCode).toBe(400);
      expect(refusedPage.json().data.problems.length).toBeGreaterThan(0);
      conforms(path, 'post', 400, refusedPage.json());
    }
  });
  it('the menus, departments, grants, users and studio reads the console draws from', async () => {
    const reads = [
      '/api/blade-system/menu/list',
      '/api/blade-system/menu/routes',
      '/api/blade-system/menu/buttons',
      '/api/blade-system/menu/top-menu',
      '/api/blade-system/menu/grant-tree',
      '/api/blade-system/dept/list',
      '/api/blade-system/dept/lazy-tree',
      '/api/blade-system/role/tree-by-id',
      '/api/blade-user/info',
      '/api/blade-system/studio/pages',
      '/api/blade-system/role/tree',
      '/api/blade-auth/oauth/providers',
      '/api/blade-auth/oauth/user-info',
      '/api/blade-system/tenant/select',
      '/api/blade-system/tenant/info',
      '/api/blade-system/dict/tree',
      '/api/blade-system/dict-biz/tree',
      '/api/blade-system/page-check/description',
    ];
    for (const path of reads) {
      const answer = await call(server, 'GET', path, { token });
      expect(answer.statusCode, path).toBe(200);
      conforms(path, 'get', 200, answer.json());
    }
    const query = { pageId: 'system/param' };
    const page = await call(server, 'GET', '/api/blade-system/studio/page', { token, query });
    conforms('/api/blade-system/studio/page', 'get', 200, page.json());
    const versions = await call(server, 'GET', '/api/blade-system/studio/versions', { token, query });
    conforms('/api/blade-system/studio/versions', 'get', 200, versions.json());
    const definition = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'pages', 'system', 'param.json'), 'utf8'),
    );
    const published = await call(server, 'POST', '/api/blade-system/studio/publish', {
      token,
      body: { ...query, definition, comment: '文档' },
    });
    expect(published.statusCode).toBe(200);
    const file = await call(server, 'GET', '/api/blade-system/studio/download', {
      token,
      query: { ...query, version: published.json().data.version },
    });
    expect(file.json().columns).toEqual(definition.columns);
    conforms('/api/blade-system/studio/download', 'get', 200, file.json());
    const menus = await call(server, 'GET', '/api/blade-system/menu/list', { token });
    const id = menus.json().data[0].id as string;
    const detail = await call(server, 'GET', '/api/blade-system/menu/detail', { token, query: { id } });
    conforms('/api/blade-system/menu/detail', 'get', 200, detail.json());
    // A process without a start event: the check answers its problems.
    const xml =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">' +
      '<process id="empty" name="空流程" isExecutable="true"/></definitions>';
    const check = await call(server, 'POST', '/api/blade-flow/model/check', { token, body: { xml } });
    expect(check.json().data.problems.length).toBeGreaterThan(0);
    conforms('/api/blade-flow/model/check', 'post', 200, check.json());
    const saved = await call(server, 'POST', '/api/blade-flow/model/submit', { token, body: { xml } });
    conforms('/api/blade-flow/model/submit', 'post', 200, saved.json());
    const model = await call(server, 'GET', '/api/blade-flow/model/detail', {
      token,
      query: { id: saved.json().data.id },
    });
    conforms('/api/blade-flow/model/detail', 'get', 200, model.json());
    const simplest =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">' +
      '<process id="simplest" name="最简流程" isExecutable="true"><startEvent id="start"/>' +
      '<sequenceFlow id="flow" sourceRef="start" targetRef="end"/><endEvent id="end"/></process></definitions>';
    const drawn = await call(server, 'POST', '/api/blade-flow/model/submit', { token, body: { xml: simplest } });
    expect(drawn.json().data.problems).toEqual([]);
    const deployed = await call(server, 'POST', '/api/blade-flow/model/deploy', {
      token,
      query: { modelId: drawn.json().data.id },
    });
    expect(deployed.statusCode).toBe(200);
    conforms('/api/blade-flow/model/deploy', 'post', 200, deployed.json());
    const columns = [{ field: 'paramName', header: '参数名称' }];
    const body = { url: '/api/blade-system/param/list', title: '参数', columns };
    const started = await call(server, 'POST', '/api/blade-system/export/start', { token, body });
    conforms('/api/blade-system/export/start', 'post', 200, started.json());
    const progress = await call(server, 'GET', '/api/blade-system/export/progress', {
      token,
      query: { id: started.json().data.id },
    });
    expect(progress.statusCode).toBe(200);
    conforms('/api/blade-system/export/progress', 'get', 200, progress.json());
  });

  it("the official account's records, their writes and the platform's calls", async () => {
    const appSecret = '0123456789abcdef0123456789abcdef';
    const account = { accountName: '文档公众号', accountType: 2, appId: 'wx0123456789abcdef', appSecret };
    const accountId = await added('/api/mp/wxaccount', account, 'accountName');
    const one = { url: `/api/mp/wxaccount/${accountId}` };
    expect(await succeeds('GET', '/api/mp/wxaccount/{id}', one)).toMatchObject({ appId: account.appId });
    const qr = await succeeds('POST', '/api/mp/wxaccount/qr/{id}', {
      url: `/api/mp/wxaccount/qr/${accountId}`,
      body: { scene: 'docs' },
    });
    expect(qr.scene).toBe('docs');
    await succeeds('POST', '/api/mp/wxaccountfans/sync/{id}', { url: `/api/mp/wxaccountfans/sync/${accountId}` });

    const reply = { accountId, replyKind: 2, keyword: '押金', matchMode: 2, replyType: 1, content: '押金原路退回' };
    const { id } = await succeeds('POST', '/api/mp/wxautoreply', { body: reply });
    await succeeds('PUT', '/api/mp/wxautoreply', { body: { id, keyword: '退押金' } });
    const byId = { url: `/api/mp/wxautoreply/${id}` };
    expect(await succeeds('GET', '/api/mp/wxautoreply/{id}', byId)).toMatchObject({ keyword: '退押金' });
    expect(await succeeds('DELETE', '/api/mp/wxautoreply/{id}', byId)).toBeNull();

    const message = {
      accountId,
      openId: 'o-docs',
      msgType: 1,
      content: '押金怎么退?',
      receiveTime: '2026-01-01 10:00:00',
    };
    const fanMessage = await succeeds('POST', '/api/mp/wxfansmsg', { body: message });
    const messageId = { url: `/api/mp/wxfansmsg/${fanMessage.id}` };
    await succeeds('GET', '/api/mp/wxfansmsg/{id}', messageId);
    await succeeds('DELETE', '/api/mp/wxfansmsg/{id}', messageId);

    const article = async (title: string) =>
      succeeds('POST', '/api/mp/wxmaterial/materialNews', {
        body: { accountId, title, content: `<p>${title}</p>`, coverUrl: await placeUpload(server, 'docs-cover.png') },
      });
    const published = await article('押金退还说明');
    await succeeds('PUT', '/api/mp/wxmaterial/materialNews', { body: { id: published.id, digest: '三步退押金' } });
    await succeeds('GET', '/api/mp/wxmaterial/{id}', { url: `/api/mp/wxmaterial/${published.id}` });
    const publishing = await succeeds('POST', '/api/mp/wxmaterial/publish/{id}', {
      url: `/api/mp/wxmaterial/publish/${published.id}`,
    });
    expect(publishing.publishState).toBe(1);
    const draft = await article('草稿');
    expect(await succeeds('DELETE', '/api/mp/wxmaterial', { query: { ids: draft.id } })).toBeNull();
  });

  it("equipment, the customer app's payments, orders and unlock, a refund and the reconciliation", async () => {
    const deptId = String(await addDept(server, '文档推车'));
    const company = { companyName: '文档推车有限公司', companyKind: 2, deptId };
    const companyId = await added('/api/blade-system/company', company, 'companyName');
    const where = { ...SHANGHAI, longitude: '121.436525', latitude: '31.188523' };
    const site = { siteName: '文档站点', siteKind: 1, companyId, deptId, ...where };
    const siteId = await added('/api/blade-system/site', site, 'siteName');
    const type = { typeName: '文档童车', typeKind: 1, deposit: 9900 };
    const typeId = await added('/api/blade-system/type', type, 'typeName');
    // No free minutes: a ride of two minutes costs the first period, which the customer may refund by themselves.
    const plan = { priceName: '文档方案', siteId, typeId, ...PLAN, freeMinutes: 0 };
    await added('/api/blade-system/price', plan, 'priceName');
    const equipment = (keyPair: string, extra: Record<string, unknown> = {}) =>
      added('/api/blade-system/equ', { keyPair, siteId, typeId, lockNo: `L-${keyPair}`, ...extra }, 'keyPair');

    const port = await equipment('DOC-PILE-1', { batch: 'DOC-PILE', port: 1 });
    const ports = await succeeds('GET', '/api/blade-system/equ/getSubLock', { query: { id: port } });
    expect(ports.map((row: { keyPair: string }) => row.keyPair)).toEqual(['DOC-PILE-1']);
    const opened = await succeeds('GET', '/api/nb/unlock', { query: { no: 'DOC-PILE-1' } });
    expect(opened.result).toBe('success');
    const row = { keyPair: 'DOC-IMPORT-1', typeId: '文档童车', siteId: '文档站点' };
    const checked = await succeeds('POST', '/api/blade-system/equ/import', {
      body: { rows: [row, { ...row, keyPair: '' }], check: true },
    });
    expect(checked).toEqual({ saved: 0, total: 2, errors: [{ index: 1, messages: ['请输入设备编号'] }] });
    expect(await succeeds('POST', '/api/blade-system/equ/import', { body: { rows: [row] } })).toMatchObject({
      saved: 1,
    });

    const sandbox = new PaymentSandbox(server.ctx, { delayMs: 0, balance: 0 });
    const customer = await signInCustomer(server, 'o-docs');
    const asCustomer = { token: customer.token, headers: { authorization: RIDER } };
    const code = await issueSandboxPhoneCode(server.ctx, '13800000000');
    await succeeds('POST', '/api/blade-auth/app/phone', { ...asCustomer, body: { code } });
    const launch = (body: Record<string, unknown>) =>
      succeeds('POST', '/api/blade-system/pay/launch', { ...asCustomer, body });
    const onDeposit = await launch({ purpose: 'rent', equId: await equipment('DOC-1') });
    expect(onDeposit.payMode).toBe(1);
    await deliverDue(server.ctx, sandbox);
    const unlocked = await succeeds('POST', '/api/blade-system/rent/unlock', {
      ...asCustomer,
      body: { orderId: onDeposit.orderId },
    });
    expect(unlocked.result).toBe('success');
    expect(await launch({ purpose: 'recharge', amount: 20000 })).toMatchObject({ amount: 20000 });
    await deliverDue(server.ctx, sandbox);
    const onWallet = await launch({ purpose: 'rent', equId: await equipment('DOC-2'), payMode: 2 });
    expect(onWallet.payMode).toBe(2);
    const body = { equId: await equipment('DOC-3') };
    expect(await succeeds('POST', '/api/blade-system/pay/payscore', { ...asCustomer, body })).toMatchObject({
      payMode: 3,
    });

    await rode(server.ctx, onWallet.orderId, 2);
    await succeeds('POST', '/api/blade-system/order/finish', { query: { id: onWallet.orderId } });
    const refund = { orderId: onWallet.orderId, amount: 1000, outRefundNo: 'C-docs-0001', reason: '车锁打不开' };
    await succeeds('POST', '/api/blade-system/pay/refund', { ...asCustomer, body: refund });
    const synced = await succeeds('POST', '/api/blade-system/refund/sync', { query: { outRefundNo: 'C-docs-0001' } });
    expect(synced).toMatchObject({ status: 1, providerStatus: '' });
    const mine = await succeeds('GET', '/api/blade-system/rent/orders', { ...asCustomer });
    expect(mine.total).toBe(3);
    expect(await succeeds('GET', '/api/blade-system/pay/payouts/confirm', { ...asCustomer })).toEqual([]);
    const reconciled = await succeeds('GET', '/api/blade-system/wallet/reconcile');
    expect(reconciled.differences).toEqual([]);
  });

  it("a process's model, a start from its form, a leave request and an approved change", async () => {
    const xml =
      '<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" targetNamespace="t">' +
      '<process id="docs_form" name="文档流程" isExecutable="true"><startEvent id="start"/>' +
      '<sequenceFlow id="flow" sourceRef="start" targetRef="end"/><endEvent id="end"/></process></definitions>';
    const drawn = await succeeds('POST', '/api/blade-flow/model/submit', { body: { xml } });
    const deployed = await succeeds('POST', '/api/blade-flow/model/deploy', { query: { modelId: drawn.id } });
    const { processDefinitionId } = deployed;
    const model = await succeeds('GET', '/api/blade-flow/manager/resource-view', { query: { processDefinitionId } });
    expect(model).toContain('<process id="docs_form"');
    const started = await succeeds('POST', '/api/blade-flow/work/start-process', { body: { processDefinitionId } });
    expect(started.processInstanceId).toMatch(/^\d+$/);
    const leave = { leaveType: 1, startTime: '2026-12-01 09:00:00', endTime: '2026-12-02 18:00:00', days: 2 };
    await succeeds('POST', '/api/blade-desk/process/leave/start-process', { body: { ...leave, reason: '家中有事' } });

    // A controlled parameter's change waits for another administrator, who approves it.
    const { records } = await succeeds('GET', '/api/blade-system/param/list', {
      query: { paramKey: 'money.approvalCents' },
    });
    const param = records[0];
    await succeeds('POST', '/api/blade-system/param/submit', { body: { ...param, remark: `${param.remark} (文档)` } });
    const waiting = await succeeds('GET', '/api/blade-system/approval/list', {
      query: { bizNo: 'money.approvalCents' },
    });
    const administrator = await server.ctx.db
      .selectFrom('blade_role')
      .select('id')
      .where('roleAlias', '=', 'administrator')
      .executeTakeFirstOrThrow();
    await addUser(server, { account: 'docs-fin', roleIds: [administrator.id] });
    const finance = await signIn(server, 'docs-fin', 'secret1');
    const id = waiting.records[0].id;
    expect(await succeeds('POST', '/api/blade-system/approval/approve', { token: finance, query: { id } })).toBeNull();
  });
});

describe('every list and detail of the demo data', () => {
  let demo: TestServer;
  let demoDocument: Document;
  let token: string;
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  beforeAll(async () => {
    demo = await startTestServer({ SEED_DEMO: 'true', PAY_SANDBOX_DELAY_MS: '0' });
    await demo.app.ready();
    demoDocument = demo.app.swagger() as unknown as Document;
    ajv.addSchema(demoDocument, 'openapi');
    token = await signIn(demo);
  }, 120000);
  afterAll(async () => demo?.close());

  it('answers the record its document declares, each stored column there', async () => {
    const wrong: string[] = [];
    let checked = 0;
    for (const [path, item] of Object.entries(demoDocument.paths)) {
      const read = item.get;
      const schema = read?.responses?.['200']?.content?.['application/json']?.schema as { properties?: object };
      if (!read || !/\/(list|page)$/.test(path) || !JSON.stringify(schema).includes('#/components/schemas/')) continue;
      const answer = await call(demo, 'GET', path, { token, query: { size: 20 } });
      if (answer.statusCode !== 200) continue;
      const pointer = `#/paths/${path.replaceAll('/', '~1')}/get/responses/200/content/application~1json/schema`;
      const validate = ajv.getSchema(`openapi${pointer}`);
      checked += 1;
      if (validate && !validate(answer.json())) {
        wrong.push(
          `${path}: ${validate.errors
            ?.slice(0, 3)
            .map((e) => `${e.instancePath} ${e.message}`)
            .join('; ')}`,
        );
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  }, 300000);
});
