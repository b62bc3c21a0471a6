// The export job reads its pages through Fastify's inject (light-my-request), whose cookie dependency (2.x) turned
// into an ES module that only Node 22+ loads with require(); package.json keeps it on cookie 1.x, CommonJS. The server
// must not rely on Node 20.19's require(esm), nor on tsx compiling a dependency's ES module for require(): plain Node
// with require(esm) switched off (--no-experimental-require-module) runs inject, and so does the real server process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC } from '../harness.js';
import { type ServerProcess, startServerProcess } from '../http/server-process.js';

const NO_REQUIRE_ESM = '--no-experimental-require-module';
let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({ NODE_OPTIONS: NO_REQUIRE_ESM });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe('a server whose Node does not require() ES modules', () => {
  it('is a Node that refuses require() of an ES module', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ride-console-esm-'));
    writeFileSync(join(dir, 'esm.mjs'), 'export const ok = true;\n');
    const script = `try { require(${JSON.stringify(join(dir, 'esm.mjs'))}); console.log('loaded') } catch (e) { console.log(e.code) }`;
    const answer = execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, NODE_OPTIONS: NO_REQUIRE_ESM },
    });
    expect(answer.toString().trim()).toBe('ERR_REQUIRE_ESM');
  });

  it('runs Fastify inject in plain Node, without tsx', () => {
    const script =
      "require('fastify')().get('/', async () => 'ok').inject('/').then((r) => console.log(r.statusCode, r.body))";
    const answer = execFileSync(process.execPath, ['-e', script], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, NODE_OPTIONS: NO_REQUIRE_ESM },
    });
    expect(answer.toString().trim()).toBe('200 ok');
  });

  it('exports the user list to a workbook', async () => {
    const api = `${server.url}/api`;
    const basic = { authorization: BASIC, 'tenant-id': '000000' };
    const signIn = await fetch(
      `${api}/blade-auth/oauth/token?tenantId=000000&username=admin&password=${md5('admin')}&grant_type=password&scope=all`,
      { method: 'POST', headers: basic },
    );
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = { ...basic, 'blade-auth': `bearer ${token}`, 'content-type': 'application/json' };
    const started = await fetch(`${api}/blade-system/export/start`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        url: '/api/blade-user/list',
        query: {},
        title: '用户',
        columns: [{ field: 'account', header: '登录账号' }],
      }),
    });
    const { data } = (await started.json()) as { data: { id: string } };
    let state = 'running';
    while (state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const progress = await fetch(`${api}/blade-system/export/progress?id=${data.id}`, { headers });
      state = ((await progress.json()) as { data: { state: string } }).data.state;
    }
    expect(state).toBe('done');
    const file = await fetch(`${api}/blade-system/export/file?id=${data.id}`, { headers });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await file.arrayBuffer());
    const accounts = workbook.worksheets[0].getColumn(1).values;
    expect(accounts).toContain('登录账号');
    expect(accounts).toContain('admin');
    expect(server.output()).not.toContain('ERR_REQUIRE_ESM');
  }, 60_000);
});
