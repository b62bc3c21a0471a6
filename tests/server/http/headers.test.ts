// Browser security headers on the console and the API, and the settings that open doors only when configured:
// CORS origins, trusted proxies and the OpenAPI pages in production.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flushLogs } from '../../../server/system/logs/queue.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('security headers', () => {
  it('sends a content security policy and the other browser headers on every answer', async () => {
    const response = await call(server, 'GET', '/api/blade-auth/oauth/captcha');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-eval/);
    expect(csp).toContain("script-src-attr 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['referrer-policy']).toBe('same-origin');
  });
});

describe('CORS', () => {
  it('stays closed unless CORS_ORIGINS names the origin', async () => {
    const preflight = () =>
      server.app.inject({
        method: 'OPTIONS',
        url: '/api/blade-system/param/list',
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
      });
    expect((await preflight()).headers['access-control-allow-origin']).toBeUndefined();
    const open = await startTestServer({ CORS_ORIGINS: 'https://ops.example' });
    try {
      const allowed = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/blade-system/param/list',
        headers: { origin: 'https://ops.example', 'access-control-request-method': 'GET' },
      });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://ops.example');
      const other = await open.app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        headers: { origin: 'https://evil.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe('trusted proxies', () => {
  const loggedIp = async (target: TestServer) => {
    const token = await signIn(target);
    await call(target, 'GET', '/api/blade-system/param/list', {
      token,
      headers: { 'x-forwarded-for': '203.0.113.9' },
      query: { paramName: 'forwarded' },
    });
    await flushLogs(target.ctx);
    const row = await target.ctx.db
      .selectFrom('blade_log_api')
      .select('remoteIp')
      .where('params', 'like', '%forwarded%')
      .executeTakeFirstOrThrow();
    return row.remoteIp;
  };

  it('ignores X-Forwarded-For by default, so the logged address cannot be forged', async () => {
    expect(await loggedIp(server)).not.toBe('203.0.113.9');
  });

  it('believes it from a proxy TRUST_PROXY names', async () => {
    const behindProxy = await startTestServer({ TRUST_PROXY: 'true' });
    try {
      expect(await loggedIp(behindProxy)).toBe('203.0.113.9');
    } finally {
      await behindProxy.close();
    }
  });
});

describe('OpenAPI pages', () => {
  it('are not served in production unless DOCS_ENABLED says so', async () => {
    const production = await startTestServer({ NODE_ENV: 'production' });
    const enabled = await startTestServer({ NODE_ENV: 'production', DOCS_ENABLED: 'true' });
    try {
      expect((await production.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await enabled.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
      expect((await server.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await production.close();
      await enabled.close();
    }
  });
});
