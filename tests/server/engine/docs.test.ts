// The OpenAPI document generated from the route schemas, and its browser at /api/docs.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

interface Operation {
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
}

it('describes every call with its inputs, without a token', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { openapi: string; paths: Record<string, Record<string, Operation>> };
  expect(document.openapi).toMatch(/^3\./);
  const list = document.paths['/api/blade-system/param/list'].get;
  expect(list.summary).toBe('参数分页');
  expect(list.parameters?.find((p) => p.name === 'size')?.schema).toMatchObject({ maximum: 1000, minimum: 1 });
  const submit = document.paths['/api/blade-system/param/submit'].post;
  expect(Object.keys(submit.requestBody?.content['application/json'].schema.properties ?? {})).toEqual(
    expect.arrayContaining(['id', 'paramName', 'paramKey', 'paramValue', 'remark']),
  );
  for (const path of [
    '/api/blade-system/dict/dictionary',
    '/api/blade-system/region/lazy-tree',
    '/api/blade-resource/oss/endpoint/put-file',
    '/api/blade-resource/sms/endpoint/send-message',
    '/api/blade-log/error/list',
  ]) {
    expect(document.paths).toHaveProperty([path]);
  }
});

it('serves the browsable documentation page', async () => {
  const response = await server.app.inject({ method: 'GET', url: '/api/docs/' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/html');
  expect(response.body).toContain('swagger');
});
