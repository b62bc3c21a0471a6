// One real server per test file: a fresh SQLite file, or a fresh database on the PostgreSQL server named by
// TEST_PG_URL (set by `npm run test:pg`). Requests go through Fastify's inject, so nothing listens on a port.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { md5 } from 'js-md5';
import pg from 'pg';
import { type MpDouble, startWechatMpDouble } from '../../scripts/doubles/wechat-mp.js';
import { SIM_FAN_PAGE } from '../../server/channels/mp/simulator.js';
import { type Config, loadConfig } from '../../server/platform/config.js';
import { anyDb } from '../../server/platform/engine/types.js';
import { createServer, type Server } from '../../server/start.js';
import { issueSandboxLoginCode } from '../../server/system/auth/app-login.js';
import { testKeys } from '../doubles/wechat-pay/keys.js';
import { type DoubleMode, WechatPayDouble } from '../doubles/wechat-pay/server.js';

export const BASIC = `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`;
/** The customer app's own client. */
export const RIDER = `Basic ${Buffer.from('rider:rider_secret').toString('base64')}`;

export interface TestServer extends Server {
  config: Config;
  databaseUrl: string;
  /** The local WeChat Pay v3 the server pays through, when the run is on the real client (TEST_PAY_PROVIDER=wechat). */
  payDouble?: WechatPayDouble;
  /** The local official account platform the server calls, when the run is on the live client (TEST_MP_PLATFORM=wechat). */
  mpDouble?: MpDouble;
}

/** The WECHATPAY_* settings of a server paying through `double`, as an operator would set them for the live one. */
export function wechatPayEnv(double: WechatPayDouble): Record<string, string> {
  const { keys } = double;
  return {
    PAY_PROVIDER: 'wechat',
    WECHATPAY_MCHID: keys.mchId,
    WECHATPAY_SERIAL_NO: keys.merchant.serial,
    WECHATPAY_PRIVATE_KEY_FILE: keys.merchantKeyFile,
    WECHATPAY_APIV3_KEY: keys.apiV3Key,
    WECHATPAY_APPID: keys.appId,
    WECHATPAY_NOTIFY_URL: 'http://127.0.0.1/api/pay/notify',
    WECHATPAY_BASE_URL: double.baseUrl,
    WECHATPAY_PAYSCORE_SERVICE_ID: '00004000000000000000000000000000',
    ...(double.mode === 'certificate'
      ? {}
      : {
          WECHATPAY_VERIFY_MODE: double.mode,
          WECHATPAY_PUBLIC_KEY_ID: keys.publicKey.serial,
          WECHATPAY_PUBLIC_KEY_FILE: keys.publicKey.file,
        }),
  };
}

/** A database of its own for this test file: a temp SQLite file, or a new PostgreSQL database. */
export async function freshDatabaseUrl(): Promise<string> {
  const admin = process.env.TEST_PG_URL;
  if (!admin) return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-')), 'test.db');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  // The money suites run a second time on the real WeChat Pay client against its local double (vitest.config.ts),
  // verifying with platform certificates or, with TEST_WECHATPAY_VERIFY_MODE=public-key, with the public key.
  const payDouble =
    process.env.TEST_PAY_PROVIDER === 'wechat' && !env.PAY_PROVIDER
      ? await WechatPayDouble.start(testKeys(), (process.env.TEST_WECHATPAY_VERIFY_MODE || 'certificate') as DoubleMode)
      : undefined;
  if (payDouble) env = { ...wechatPayEnv(payDouble), ...env };
  // The official account suite runs a second time on the live platform client against its double, paging its
  // followers as the simulator does so that the same counts hold.
  const mpDouble =
    process.env.TEST_MP_PLATFORM === 'wechat' && !env.MP_PLATFORM
      ? await startWechatMpDouble({ pageSize: SIM_FAN_PAGE })
      : undefined;
  if (mpDouble) env = { MP_PLATFORM: 'wechat', MP_API_BASE: mpDouble.url, ...env };
  const databaseUrl = env.DATABASE_URL ?? (await freshDatabaseUrl());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ride-console-data-'));
  const config = loadConfig({
    CAPTCHA_ENABLED: 'false',
    SEED_DEMO: 'false',
    // Tests of production behaviour (error messages, headers) run on the sandbox; the refusal has its own test.
    PAY_SANDBOX_IN_PRODUCTION: 'true',
    MINIAPP_SIMULATOR_IN_PRODUCTION: 'true',
    // The recovery worker is stepped by the tests that need it (recoverPayments), as the sandbox is.
    PAY_RECOVERY_INTERVAL_MS: '0',
    BILL_INTERVAL_MS: '0',
    // The money suites were written for payouts by transfer batch, paid at once; the suites of transfer bills, which
    // wait for the customer's confirmation, ask for them (tests/server/payments/transfer-bills*.test.ts).
    WECHATPAY_TRANSFER_API: 'batches',
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-console'),
    ...env,
    DATABASE_URL: databaseUrl,
  });
  const server = await createServer(config);
  if (!payDouble && !mpDouble) return { ...server, config, databaseUrl };
  payDouble?.attach(server.ctx, config.payments.sandboxBalance);
  const close = async () => {
    await server.close();
    await Promise.all([payDouble?.close(), mpDouble?.close()]);
  };
  return { ...server, close, config, databaseUrl, payDouble, mpDouble };
}

/** A picture as an upload leaves it (in the disk store, as 附件 would): answers its link, e.g. an article's cover. */
export async function placeUpload(server: TestServer, name: string): Promise<string> {
  const folder = path.join(server.config.dataDir, 'upload');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, name), Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'));
  return `/api/blade-resource/oss/file/${name}`;
}

export interface CallOptions {
  token?: string;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A BladeX call: the Basic client header always, the bearer token when given. */
export function call(
  server: Server,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  options: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { authorization: BASIC, ...options.headers };
  if (options.token) headers['blade-auth'] = `bearer ${options.token}`;
  return server.app.inject({
    method,
    url,
    headers,
    query: Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)])),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Signs in with the password grant (captcha off in tests) and returns the access token. */
export async function signIn(server: Server, account = 'admin', password = 'admin'): Promise<string> {
  const response = await call(server, 'POST', '/api/blade-auth/oauth/token', {
    headers: { 'tenant-id': '000000' },
    query: {
      tenantId: '000000',
      username: account,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
      type: 'account',
    },
  });
  const body = response.json() as { access_token?: string; error_description?: string };
  if (!body.access_token) throw new Error(`sign-in as ${account} failed: ${response.body}`);
  return body.access_token;
}

/** Signs a customer in as the customer app does (a sandbox wx.login code) and answers the token and customer id. */
export async function signInCustomer(server: Server, openId: string): Promise<{ token: string; customerId: string }> {
  const code = await issueSandboxLoginCode(server.ctx, openId);
  const response = await call(server, 'POST', '/api/blade-auth/oauth/token', {
    headers: { authorization: RIDER },
    query: { grant_type: 'wechat_app', code },
  });
  const body = response.json() as { access_token?: string; customer_id?: string };
  if (!body.access_token || !body.customer_id) throw new Error(`customer sign-in failed: ${response.body}`);
  return { token: body.access_token, customerId: body.customer_id };
}

/** The id (as the wire's string) of the live row of `table` whose `column` holds `value`; throws when none. */
export async function liveIdOf(server: Server, table: string, column: string, value: string): Promise<string> {
  const row = await anyDb(server.ctx)
    .selectFrom(table)
    .select('id')
    .where(column, '=', value)
    .where('isDeleted', '=', 0)
    .executeTakeFirstOrThrow();
  return String(row.id);
}

/** Every node of a tree answer, parents before their children. */
export const flatten = <T extends { children?: T[] }>(items: T[]): T[] =>
  items.flatMap((item) => [item, ...flatten(item.children ?? [])]);
