// API, error and usual logs: written after each call without secrets, listed newest first, with the console's
// error-log upload and the 500 handler feeding the error log.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../../server/platform/http/errors.js';
import { writeErrorLog } from '../../../server/system/logs/error-log.js';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { usualLog } from '../../../server/system/logs/usual-log.js';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

describe('API log', () => {
  it('records each call with its duration and caller, newest first', async () => {
    await api.get('/api/blade-system/param/list', { paramName: '登录' });
    const page = pageOf(await api.get('/api/blade-log/api/list', { size: 5 }));
    expect(page.records[0]).toMatchObject({
      method: 'GET',
      requestUri: '/api/blade-system/param/list',
      createBy: 'admin',
      type: '1',
      title: '参数分页',
      serviceId: 'ride-console',
    });
    expect(JSON.parse(String(page.records[0].params))).toMatchObject({ paramName: '登录' });
    expect(page.records[0].time).toBeGreaterThanOrEqual(0);
    const times = page.records.map((row) => `${row.createTime}|${row.id}`);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('never keeps a password', async () => {
    const page = pageOf(await api.get('/api/blade-log/api/list', { requestUri: '/oauth/token', size: 10 }));
    expect(page.total).toBeGreaterThanOrEqual(2);
    for (const row of page.records) {
      expect(row.params).toContain('"password":"******"');
      expect(row.params).not.toMatch(/[0-9a-f]{32}/);
    }
  });

  it('marks refused calls and shows a detail by id', async () => {
    await api.get('/api/blade-system/param/list', { size: 5000 });
    const refused = pageOf(await api.get('/api/blade-log/api/list', { type_equal: '2', size: 1 })).records[0];
    expect(refused).toMatchObject({ requestUri: '/api/blade-system/param/list' });
    expect(rowOf(await api.get('/api/blade-log/api/detail', { id: String(refused.id) }))).toMatchObject({
      id: refused.id,
      method: 'GET',
    });
    expect((await api.get('/api/blade-log/api/detail', { id: '42' })).status).toBe(404);
  });

  it('reads its titles in English for an English console, and as stored for a Chinese one', async () => {
    await api.get('/api/blade-system/param/detail', { id: '1' });
    await api.get('/api/blade-system/order/stats');
    await flushLogs(api.server.ctx);
    const titles = async (language: string) =>
      (
        await call(api.server, 'GET', '/api/blade-log/api/list', {
          token: api.adminToken,
          query: { size: 5 },
          headers: { 'accept-language': language },
        })
      )
        .json()
        .data.records.map((row: { title: string }) => row.title);
    expect(await titles('en')).toEqual(expect.arrayContaining(['Order figures', 'Parameters: detail']));
    expect(await titles('zh-CN')).toEqual(expect.arrayContaining(['订单统计 (与订单列表相同的筛选条件)', '参数详情']));
  });

  it('is closed to the operator', async () => {
    expect((await api.get('/api/blade-log/api/list', {}, api.operatorToken)).status).toBe(403);
  });
});

describe('error log', () => {
  it('records a failure with its stack; production hides the message from the caller', async () => {
    for (const env of ['development', 'production']) {
      const app = Fastify();
      app.decorate('ctx', { ...api.server.ctx, config: { ...api.server.ctx.config, env } });
      registerErrorHandler(app, writeErrorLog);
      app.get('/api/blade-system/broken', () => {
        throw new TypeError(`cannot read the site of an order (${env})`);
      });
      const response = await app.inject({ method: 'GET', url: '/api/blade-system/broken' });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toMatchObject({
        code: 500,
        success: false,
        msg: env === 'production' ? '服务器异常' : `cannot read the site of an order (${env})`,
      });
      await app.close();
    }
    await flushLogs(api.server.ctx);
    const page = pageOf(await api.get('/api/blade-log/error/list', { exceptionName_equal: 'TypeError' }));
    expect(page.records.map((row) => row.message)).toEqual([
      'cannot read the site of an order (production)',
      'cannot read the site of an order (development)',
    ]);
    expect(page.records[0].stackTrace).toContain('TypeError: cannot read the site of an order');
    expect(page.records[0].fileName).toContain('logs.test.ts');
    expect(page.records[0].lineNumber).toBeGreaterThan(0);
  });

  it('lands each entry of the console upload (POST /oauth/logout) in the error log', async () => {
    const entries = [
      {
        url: '/order/list',
        time: '2026-03-01 10:00:00',
        type: 'error',
        message: 'x is undefined',
        stack: 'at a.js:1',
        info: 'click',
      },
      { url: '/site/list', time: '2026-03-01 10:01:00', type: 'error', message: 'network down', stack: '', info: '' },
    ];
    expect(await api.post('/api/blade-auth/oauth/logout', { body: entries })).toMatchObject({ status: 200 });
    const page = pageOf(await api.get('/api/blade-log/error/list', { serviceId_equal: 'console' }));
    expect(page.records.map((row) => [row.requestUri, row.message]).sort()).toEqual([
      ['/order/list', 'x is undefined'],
      ['/site/list', 'network down'],
    ]);
    expect(await api.post('/api/blade-auth/oauth/logout', { body: { message: 'not a list' } })).toMatchObject({
      status: 400,
      msg: 'body 必须是数组',
    });
    expect(await api.post('/api/blade-auth/oauth/logout', { body: [{ message: 'x'.repeat(4001) }] })).toMatchObject({
      status: 400,
      msg: '0.message 长度不能超过 4000 个字符',
    });
  });
});

describe('usual log', () => {
  it('records notable events of the modules', async () => {
    usualLog(api.server.ctx, { logId: 'refund', level: 'warn', data: '退款 T100 超过押金', user: 'admin' });
    const row = pageOf(await api.get('/api/blade-log/usual/list', { logId_equal: 'refund' })).records[0];
    expect(row).toMatchObject({ logLevel: 'warn', logData: '退款 T100 超过押金', createBy: 'admin' });
    expect(rowOf(await api.get('/api/blade-log/usual/detail', { id: String(row.id) })).logId).toBe('refund');
  });
});
