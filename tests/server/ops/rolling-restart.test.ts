// A rolling restart loses nothing: two server processes on one database behind a load balancer that sends only to
// instances whose /readyz answers 200 (checked every 150 ms) and tries the other one on a refused connection, as
// nginx does. A steady stream of reads and writes goes on while instance A is stopped with SIGTERM (it drains: 503 on
// /readyz at once, serving through DRAIN_GRACE_MS, then closes), proven gone with its port refusing, and started
// again; then B the same way. Every request is answered 200. On SQLite with `npm test`, on PostgreSQL with `test:pg`.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASIC, freshDatabaseUrl } from '../harness.js';

const root = path.join(import.meta.dirname, '..', '..', '..');
const CHECK_MS = 150;
const GRACE_MS = 1500;
const CLIENTS = 12;
/** Each client's pause between its requests: a steady stream, not a flood that starves the instance starting. */
const THINK_MS = 20;

interface Instance {
  port: number;
  child: ChildProcess;
  log: () => string;
}

let databaseUrl: string;
const instances: Instance[] = [];
const started: ChildProcess[] = [];
let proxy: http.Server;
let proxyUrl: string;
let checker: NodeJS.Timeout | undefined;
const ready = new Map<number, boolean>();
/** Headers of one connection, which a proxy never passes on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
]);
const endToEnd = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP_BY_HOP.has(name)));
let retried = 0;

async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const refuses = (port: number) =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => false,
    () => true,
  );

/** A server process as `npm start` runs it; answers once its /readyz says ready. */
async function startInstance(port: number): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-rolling-'));
  let output = '';
  // Node itself with tsx's loader: the process signalled is the server, not a wrapper.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      DIST_DIR: path.join(dataDir, 'no-console'),
      CAPTCHA_ENABLED: 'false',
      SEED_DEMO: 'false',
      DRAIN_GRACE_MS: String(GRACE_MS),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`instance on ${port} never became ready:\n${output}`);
    }
    const status = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (answer) => answer.status,
      () => 0,
    );
    if (status === 200) return { port, child, log: () => output };
    await pause(200);
  }
}

/** Stops an instance with SIGTERM and answers its exit code once it has exited. */
function stopInstance(instance: Instance): Promise<number | null> {
  return new Promise((resolve) => {
    instance.child.once('exit', (code) => resolve(code));
    instance.child.kill('SIGTERM');
  });
}

/** The load balancer: round robin over the ready instances; a refused connection goes to another one. */
function loadBalancer(ports: number[]): http.Server {
  let next = 0;
  const check = () => {
    for (const port of ports) {
      fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(1000) }).then(
        (answer) => ready.set(port, answer.status === 200),
        () => ready.set(port, false),
      );
    }
  };
  check();
  checker = setInterval(check, CHECK_MS);
  return http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const forward = (tries: number) => {
        const live = ports.filter((port) => ready.get(port));
        const pool = live.length > 0 ? live : ports;
        next += 1;
        const port = pool[next % pool.length];
        // A connection per request, as nginx without upstream keep-alive.
        const upstream = http.request(
          { host: '127.0.0.1', port, method: request.method, path: request.url, agent: false },
          (answer) => {
            // The instance's `Connection: close` or keep-alive time is its connection's, not the client's.
            response.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
            answer.pipe(response);
          },
        );
        for (const [name, value] of Object.entries(endToEnd(request.headers)))
          upstream.setHeader(name, value as string);
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Refused before anything was sent: safe to send elsewhere, whatever the method.
          if (error.code === 'ECONNREFUSED' && tries < 4) {
            retried += 1;
            ready.set(port, false);
            return forward(tries + 1);
          }
          if (!response.headersSent) response.writeHead(502);
          response.end();
        });
        upstream.end(body);
      };
      forward(1);
    });
  });
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  const ports = [await freePort(), await freePort()];
  // The first migrates and seeds the database; the second starts on it as it is.
  instances.push(await startInstance(ports[0]));
  instances.push(await startInstance(ports[1]));
  proxy = loadBalancer(ports);
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 400_000);

afterAll(async () => {
  clearInterval(checker);
  await Promise.all(
    started.map((child) =>
      child.exitCode !== null || child.signalCode !== null
        ? undefined
        : new Promise((resolve) => {
            child.once('exit', resolve);
            child.kill('SIGKILL');
          }),
    ),
  );
  await new Promise((resolve) => proxy?.close(resolve));
  // None outlives the suite: every process started has exited and no port answers.
  for (const child of started) expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  for (const instance of instances) expect(await refuses(instance.port)).toBe(true);
}, 30_000);

async function signInThroughProxy(): Promise<string> {
  const query = new URLSearchParams({
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  const answer = await fetch(`${proxyUrl}/api/blade-auth/oauth/token?${query}`, {
    method: 'POST',
    headers: { authorization: BASIC, 'tenant-id': '000000' },
  });
  const body = (await answer.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.access_token;
}

it('answers every request while both instances are restarted one after the other', async () => {
  const token = await signInThroughProxy();
  const headers = { authorization: BASIC, 'blade-auth': `bearer ${token}` };
  const answers = new Map<number, number>();
  const failures: string[] = [];
  let sent = 0;
  let writes = 0;
  let stop = false;

  const one = async (index: number) => {
    const kind = index % 3;
    let answer: Response;
    if (kind === 2) {
      writes += 1;
      answer = await fetch(`${proxyUrl}/api/blade-system/param/submit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ paramName: `滚动重启 ${index}`, paramKey: `ops.rolling.${index}`, paramValue: '1' }),
      });
    } else if (kind === 1) {
      answer = await fetch(`${proxyUrl}/api/blade-system/dict/dictionary?code=sex`, { headers });
    } else {
      answer = await fetch(`${proxyUrl}/api/blade-system/param/list?current=1&size=10`, { headers });
    }
    const text = await answer.text();
    answers.set(answer.status, (answers.get(answer.status) ?? 0) + 1);
    const success = answer.status === 200 && (JSON.parse(text) as { success?: boolean }).success === true;
    if (!success) failures.push(`${answer.status} ${text.slice(0, 200)}`);
  };
  const client = async () => {
    while (!stop) {
      sent += 1;
      await one(sent).catch((error: unknown) => {
        failures.push(`no answer: ${String(error)} (${String((error as { cause?: unknown }).cause)})`);
      });
      await pause(THINK_MS);
    }
  };
  const clients = Array.from({ length: CLIENTS }, client);

  await pause(1000);
  for (const index of [0, 1]) {
    const instance = instances[index];
    const before = sent;
    const exit = stopInstance(instance);
    // Draining: not ready at once, while the process still serves.
    await pause(300);
    expect(instance.child.exitCode).toBeNull();
    expect(await fetch(`http://127.0.0.1:${instance.port}/readyz`).then((answer) => answer.status)).toBe(503);
    // …and answers what still reaches it directly.
    const direct = await fetch(`http://127.0.0.1:${instance.port}/api/blade-system/param/list`, { headers });
    expect(direct.status).toBe(200);
    expect(await exit, instance.log()).toBe(0);
    // The premise: it is gone, its port refuses, while requests went on through the other one.
    expect(await refuses(instance.port)).toBe(true);
    instances[index] = await startInstance(instance.port);
    // Back in the balancer before the next one stops.
    while (!ready.get(instance.port)) await pause(50);
    await pause(500);
    expect(sent - before).toBeGreaterThan(CLIENTS);
  }
  await pause(500);
  stop = true;
  await Promise.all(clients);

  console.log(
    `rolling restart: ${sent} requests (${writes} writes), answers ${JSON.stringify(Object.fromEntries(answers))}, ${retried} refused connections sent to the other instance`,
  );
  expect(failures).toEqual([]);
  expect(answers.get(200)).toBe(sent);
  expect(sent).toBeGreaterThan(200);
}, 400_000);
