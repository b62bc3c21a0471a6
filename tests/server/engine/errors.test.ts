// The error handler on failures no schema catches: a unique index hit by racing writers, Fastify's own refusals.
import Fastify from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { registerErrorHandler } from '../../../server/platform/http/errors.js';
import { writeErrorLog } from '../../../server/system/logs/error-log.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

it('answers a unique-index violation as a 400, not a 500', async () => {
  const app = Fastify();
  app.decorate('ctx', server.ctx);
  registerErrorHandler(app, writeErrorLog);
  app.post('/api/race', async () => {
    const row = { paramName: '并发', paramKey: 'race.key', paramValue: '1' };
    await server.ctx.db
      .insertInto('blade_param')
      .values({ id: nextId(), ...row })
      .execute();
    await server.ctx.db
      .insertInto('blade_param')
      .values({ id: nextId(), ...row })
      .execute();
    return 'unreachable';
  });
  const response = await app.inject({ method: 'POST', url: '/api/race' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ code: 400, msg: '数据已存在, 请勿重复提交' });
  await app.close();
});

it('answers an unsupported content type in Chinese', async () => {
  const response = await call(server, 'POST', '/api/blade-system/param/submit', {
    token: await signIn(server),
    headers: { 'content-type': 'application/xml' },
    body: '<param/>',
  });
  expect(response.statusCode).toBe(415);
  expect(response.json()).toMatchObject({ code: 415, msg: '不支持的请求内容类型' });
});
