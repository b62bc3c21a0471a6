// The OpenAPI document is valid OpenAPI 3.1 (Redocly's lint finds no error), every call in it has an operationId,
// its answer and its refusals, and what the server really answers matches what the document says.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import Ajv2020 from 'ajv/dist/2020.js';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

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
  server = await startTestServer();
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
  'get /api/blade-auth/oauth/render/{source}':
    "a redirect to the provider's authorisation page, or the simulator's as HTML",
  'get /api/blade-auth/oauth/callback/simulator': 'a redirect back to /login with the one-time code',
  'get /api/blade-resource/oss/file/{name}': "the stored file itself, or a redirect to the object store's signed link",
  'get /api/blade-system/equ/import-template': 'an Excel workbook',
  'get /api/blade-system/export/file': "the export's Excel workbook",
  'post /api/pay/notify': "204 without a body, as WeChat Pay's notifications expect",
};

/**
 * Calls whose answer is not described yet. The list only shrinks: a call described since fails here until it is
 * taken off, and a new call answering an undescribed `data` fails below.
 */
const NOT_YET_DESCRIBED = [
  'post /api/blade-auth/app/phone',
  'get /api/blade-system/equ/getSubLock',
  'post /api/blade-system/equ/import',
  'get /api/nb/unlock',
  'post /api/blade-system/refund/sync',
  'get /api/blade-system/wallet/reconcile',
  'post /api/blade-system/bill/reconcile',
  'post /api/blade-system/approval/approve',
  'post /api/blade-system/pay/launch',
  'post /api/blade-system/pay/payscore',
  'post /api/blade-system/pay/refund',
  'get /api/blade-system/rent/orders',
  'post /api/blade-system/rent/unlock',
  'get /api/blade-system/pay/payouts/confirm',
  'get /api/blade-flow/manager/resource-view',
  'post /api/blade-flow/work/start-process',
  'post /api/blade-desk/process/leave/start-process',
  'get /api/mp/wxaccount/{id}',
  'get /api/mp/wxautoreply/{id}',
  'delete /api/mp/wxautoreply/{id}',
  'post /api/mp/wxautoreply',
  'put /api/mp/wxautoreply',
  'get /api/mp/wxfansmsg/{id}',
  'delete /api/mp/wxfansmsg/{id}',
  'post /api/mp/wxfansmsg',
  'get /api/mp/wxfansmsgres/{id}',
  'delete /api/mp/wxfansmsgres/{id}',
  'post /api/mp/wxaccount/qr/{id}',
  'post /api/mp/wxaccountfans/sync/{id}',
  'post /api/mp/wxfansmsgres',
  'get /api/mp/wxmaterial/{id}',
  'post /api/mp/wxmaterial/materialNews',
  'put /api/mp/wxmaterial/materialNews',
  'delete /api/mp/wxmaterial',
  'post /api/mp/wxmaterial/publish/{id}',
  'get /api/blade-system/page-check/description',
];

it('describes the data every call answers, but the free-form ones', () => {
  const untyped = operations()
    .filter(({ operation }) => {
      const schema = operation.responses?.['200']?.content?.['application/json']?.schema as { $ref?: string };
      return schema?.$ref === '#/components/schemas/Answer';
    })
    .map(({ path, method }) => `${method} ${path}`);
  expect(untyped.length).toBeGreaterThan(0);
  expect(untyped.filter((call) => !(call in FREE_FORM) && !NOT_YET_DESCRIBED.includes(call))).toEqual([]);
  expect([...Object.keys(FREE_FORM), ...NOT_YET_DESCRIBED].filter((call) => !untyped.includes(call))).toEqual([]);
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
