// A rolling restart loses nothing: two server processes on one database behind a load balancer that sends only to
// instances whose /readyz answers 200 (checked every 150 ms) and tries the other one on a refused connection, as
// nginx does. A steady stream of reads and writes goes on while instance A is stopped with SIGTERM (it drains: 503 on
// /readyz at once, serving through DRAIN_GRACE_MS, then closes), proven gone with its port refusing, and started
// again; then B the same way. Every request is answered 200. On SQLite with `npm test`, on PostgreSQL with `test:pg`.
import { md5 } from 'js-md5';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BASIC, freshDatabaseUrl } from '../harness.js';
import { type ServerProcess, startServerProcess } from '../http/server-process.js';
import { freePort, type LoadBalancer, refuses, startLoadBalancer } from '../instances/load-balancer.js';

const GRACE_MS = 1500;
const CLIENTS = 12;
/** Each client's pause between its requests: a steady stream, not a flood that starves the instance starting. */
const THINK_MS = 20;

let databaseUrl: string;
const instances: ServerProcess[] = [];
const started: ServerProcess[] = [];
let proxy: LoadBalancer;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A server process as `npm start` runs it, with the drain a load balancer needs; answers once /readyz says ready. */
async function startInstance(port: number): Promise<ServerProcess> {
  const instance = await startServerProcess({ DATABASE_URL: databaseUrl, DRAIN_GRACE_MS: String(GRACE_MS) }, { port });
  started.push(instance);
  while ((await fetch(`${instance.url}/readyz`).then((answer) => answer.status)) !== 200) await pause(200);
  return instance;
}

beforeAll(async () => {
  databaseUrl = await freshDatabaseUrl();
  const ports = [await freePort(), await freePort()];
  // The first migrates and seeds the database; the second starts on it as it is.
  instances.push(await startInstance(ports[0]));
  instances.push(await startInstance(ports[1]));
  proxy = await startLoadBalancer(ports, { readiness: true });
}, 400_000);

afterAll(async () => {
  await Promise.all(started.map((instance) => instance.kill('SIGKILL')));
  await proxy?.close();
  // None outlives the suite: every process started has exited and no port answers.
  for (const instance of started) expect(instance.gone()).toBe(true);
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
  const answer = await fetch(`${proxy.url}/api/blade-auth/oauth/token?${query}`, {
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
      answer = await fetch(`${proxy.url}/api/blade-system/param/submit`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ paramName: `滚动重启 ${index}`, paramKey: `ops.rolling.${index}`, paramValue: '1' }),
      });
    } else if (kind === 1) {
      answer = await fetch(`${proxy.url}/api/blade-system/dict/dictionary?code=sex`, { headers });
    } else {
      answer = await fetch(`${proxy.url}/api/blade-system/param/list?current=1&size=10`, { headers });
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
    const exit = instance.kill('SIGTERM');
    // Draining: not ready at once, while the process still serves.
    await pause(300);
    expect(instance.gone()).toBe(false);
    expect(await fetch(`http://127.0.0.1:${instance.port}/readyz`).then((answer) => answer.status)).toBe(503);
    // …and answers what still reaches it directly.
    const direct = await fetch(`http://127.0.0.1:${instance.port}/api/blade-system/param/list`, { headers });
    expect(direct.status).toBe(200);
    expect((await exit).code, instance.output()).toBe(0);
    // The premise: it is gone, its port refuses, while requests went on through the other one.
    expect(await refuses(instance.port)).toBe(true);
    instances[index] = await startInstance(instance.port);
    // Back in the balancer before the next one stops.
    while (!proxy.ready(instance.port)) await pause(50);
    await pause(500);
    expect(sent - before).toBeGreaterThan(CLIENTS);
  }
  await pause(500);
  stop = true;
  await Promise.all(clients);

  console.log(
    `rolling restart: ${sent} requests (${writes} writes), answers ${JSON.stringify(Object.fromEntries(answers))}, ${proxy.retried()} refused connections sent to the other instance`,
  );
  expect(failures).toEqual([]);
  expect(answers.get(200)).toBe(sent);
  expect(sent).toBeGreaterThan(200);
}, 400_000);
