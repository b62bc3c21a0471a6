// `npm run bench`, server part: a real server listening on a port, on a fresh SQLite file, measured with a fixed
// number of requests per call. The engine's param/list is compared with a hand-written handler in the same run.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { md5 } from 'js-md5';
import { loadConfig } from '../../server/platform/config.js';
import { nextId } from '../../server/platform/db/ids.js';
import { now } from '../../server/platform/db/time.js';
import { createServer, type Server } from '../../server/start.js';
import { addHandWrittenParamList, HAND_WRITTEN_PATH } from './hand-written.js';
import { type LoadRequest, type LoadResult, load } from './load.js';

const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
const CONCURRENCY = 8;
const COUNT = 2000;
// Sign-in hashes the password with a memory-hard function on purpose: fewer requests keep the run short.
const TOKEN_COUNT = 200;
const PARAMS = 500;
const ROUNDS = 3;
// The shell asks for menu/routes on every sign-in and reload; at this many connections it must stay within 2× of
// param/list (p99), measured in the same run.
const BURST = 50;
const BURST_COUNT = 1000;

const median = (results: LoadResult[]): LoadResult =>
  [...results].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond)[Math.floor(results.length / 2)];

type Figures = Record<string, string | number>;

function figures(name: string, result: LoadResult): Figures {
  return {
    [`${name} req/s`]: result.requestsPerSecond,
    [`${name} p50 ms`]: result.p50,
    [`${name} p99 ms`]: result.p99,
    ...(result.failures ? { [`${name} failures`]: result.failures } : {}),
  };
}

/** CONCURRENCY accounts with the administrator's role and department, each whose password is its name. */
async function addBenchAccounts(server: Server, submitUrl: string, headers: Record<string, string>) {
  const admin = await server.ctx.db
    .selectFrom('blade_user')
    .select(['roleId', 'deptId'])
    .where('account', '=', 'admin')
    .executeTakeFirstOrThrow();
  const accounts = Array.from({ length: CONCURRENCY }, (_, i) => `bench${i + 1}`);
  for (const account of accounts) {
    const response = await fetch(submitUrl, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        account,
        name: account,
        realName: account,
        password: account,
        userType: 1,
        roleId: admin.roleId,
        deptId: admin.deptId,
      }),
    });
    if (!response.ok) throw new Error(`bench account ${account}: ${await response.text()}`);
  }
  return accounts;
}

export async function benchServer(): Promise<Figures> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-console'),
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    // Measures the console, not payments: the sandbox, allowed in production for it.
    PAY_SANDBOX_IN_PRODUCTION: 'true',
    MINIAPP_SIMULATOR_IN_PRODUCTION: 'true',
  });
  const server = await createServer(config);
  try {
    const createTime = now();
    const rows = Array.from({ length: PARAMS }, (_, i) => ({
      id: nextId(),
      paramName: `基准参数 ${i}`,
      paramKey: `bench.param.${i}`,
      paramValue: String(i),
      remark: i % 2 ? null : '备注',
      createTime,
    }));
    for (let at = 0; at < rows.length; at += 100) {
      await server.ctx.db
        .insertInto('blade_param')
        .values(rows.slice(at, at + 100))
        .execute();
    }
    addHandWrittenParamList(server.app);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });

    const tokenRequest = (account: string): LoadRequest => ({
      url: `${address}/api/blade-auth/oauth/token?${new URLSearchParams({
        tenantId: '000000',
        username: account,
        password: md5(account),
        grant_type: 'password',
        scope: 'all',
        type: 'account',
      })}`,
      init: { method: 'POST', headers: { authorization: BASIC } },
    });
    const signIn = await fetch(tokenRequest('admin').url, tokenRequest('admin').init);
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const headers = { authorization: BASIC, 'blade-auth': `bearer ${token}` };
    // One account per connection: the lockout counts the sign-ins of one name in flight, so eight at once under one
    // name would be refused beyond account.failCount, and the figure would measure the lockout, not signing in.
    const accounts = await addBenchAccounts(server, `${address}/api/blade-user/submit`, headers);
    const get = (pathAndQuery: string) => ({ url: `${address}${pathAndQuery}`, init: { headers } });

    const stored = await server.ctx.db
      .selectFrom('blade_param')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    const out: Figures = { 'params in table': Number(stored.count), concurrency: CONCURRENCY };
    const measure = async (name: string, request: LoadRequest | LoadRequest[], count: number): Promise<void> => {
      await load(request, Math.min(100, count), CONCURRENCY);
      Object.assign(out, figures(name, await load(request, count, CONCURRENCY)));
    };
    await measure('token', accounts.map(tokenRequest), TOKEN_COUNT);
    await measure('menu/routes', get('/api/blade-system/menu/routes'), COUNT);
    await measure('user/page', get('/api/blade-user/page?current=1&size=10'), COUNT);
    // The engine and its yardstick take turns, so warm-up and garbage collection fall on both alike; the median
    // round of each is kept.
    const engine: LoadResult[] = [];
    const hand: LoadResult[] = [];
    const engineList = get('/api/blade-system/param/list?current=3&size=10');
    const handList = get(`${HAND_WRITTEN_PATH}?current=3&size=10`);
    await load(engineList, 100, CONCURRENCY);
    await load(handList, 100, CONCURRENCY);
    for (let round = 0; round < ROUNDS; round += 1) {
      engine.push(await load(engineList, COUNT, CONCURRENCY));
      hand.push(await load(handList, COUNT, CONCURRENCY));
    }
    const engineMedian = median(engine);
    const handMedian = median(hand);
    Object.assign(out, figures('param/list', engineMedian), figures('param/list hand-written', handMedian));
    out['param/list engine ÷ hand-written (req/s)'] = Number(
      (engineMedian.requestsPerSecond / handMedian.requestsPerSecond).toFixed(2),
    );
    // Taking turns again, so the noise of a shared machine falls on both; the median round of each is kept.
    const routesBursts: LoadResult[] = [];
    const listBursts: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      routesBursts.push(await load(get('/api/blade-system/menu/routes'), BURST_COUNT, BURST));
      listBursts.push(await load(engineList, BURST_COUNT, BURST));
    }
    const routesBurst = median(routesBursts);
    const listBurst = median(listBursts);
    Object.assign(out, figures(`menu/routes ×${BURST}`, routesBurst), figures(`param/list ×${BURST}`, listBurst));
    out[`menu/routes ÷ param/list p99 at ${BURST} connections`] = Number((routesBurst.p99 / listBurst.p99).toFixed(2));
    return out;
  } finally {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
