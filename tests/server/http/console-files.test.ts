// The built console served as a CDN would: the brotli or gzip form the browser accepts, written at build time
// (scripts/vite-precompress.ts), content-named assets kept for good, the page and other files checked each time.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressAll } from '../../../scripts/vite-precompress.js';
import { startTestServer, type TestServer } from '../harness.js';

const KEPT_FOR_GOOD = 'public, max-age=31536000, immutable';
const page = `<!doctype html><html lang="zh-CN"><head><title>登录</title></head><body>${'<div></div>'.repeat(50)}</body></html>`;
const script = `export const rows = [${Array.from({ length: 200 }, (_, n) => `"参数 ${n}"`).join(',')}];\n`;
const asset = '/assets/index-7oU_27Sw.js';

let dist: string;
let site: TestServer;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), page);
  fs.writeFileSync(path.join(dist, asset), script);
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await precompressAll(dist);
  site = await startTestServer({ DIST_DIR: dist });
});
afterAll(async () => {
  await site?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  site.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe("the console's files", () => {
  it('writes a brotli and a gzip form beside each text file at build time, smaller than the file', () => {
    for (const file of ['index.html', asset.slice(1)]) {
      const size = fs.statSync(path.join(dist, file)).size;
      expect(fs.statSync(path.join(dist, `${file}.br`)).size).toBeLessThan(size);
      expect(fs.statSync(path.join(dist, `${file}.gz`)).size).toBeLessThan(size);
    }
    // A form as large as the file is left out: the file itself is sent.
    expect(fs.existsSync(path.join(dist, 'favicon.svg.br'))).toBe(false);
  });

  it('sends the brotli form to a browser that accepts it, and the gzip form to one that accepts only gzip', async () => {
    const br = await get(asset, 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get(asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
  });

  it('sends the file as it is to a client that accepts no compression', async () => {
    for (const accepted of [undefined, 'identity']) {
      const plain = await get(asset, accepted);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
    }
  });

  it('lets the browser keep a content-named asset for good, in every form', async () => {
    for (const accepted of ['br', 'gzip', undefined]) {
      expect((await get(asset, accepted)).headers['cache-control']).toBe(KEPT_FOR_GOOD);
    }
  });

  it('has the page checked each time, at / and at any screen address, compressed as the browser accepts', async () => {
    for (const url of ['/', '/system/param', '/login?redirect=%2Fsystem%2Fparam']) {
      const answer = await get(url, 'br');
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.headers['cache-control']).toBe('no-cache');
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(page);
    }
    const plain = await get('/system/param');
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(page);
  });

  it('answers an unchanged page 304 when the browser checks it again', async () => {
    const first = await get('/', 'br');
    const again = await site.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('checks the files not named by their content each time, and keeps no missing asset', async () => {
    const icon = await get('/favicon.svg', 'br');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const gone = await get('/assets/gone-1234.js', 'br');
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['cache-control']).not.toBe(KEPT_FOR_GOOD);
  });
});
