// Every operation of the OpenAPI document with each kind of bad token, and with the restricted account: only public
// calls answer without a valid session, and the restricted account reaches only what its role grants.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signToken } from '../../../server/system/auth/jwt.js';
import { BASIC, call, signIn, startTestServer, type TestServer } from '../harness.js';
import { expectAnswered } from './envelope.js';
import { type Fingerprint, fingerprintOf } from './fingerprint.js';
import { nameOf, type Operation, operationsOf } from './operations.js';

let server: TestServer;
let operations: Operation[];

beforeAll(async () => {
  server = await startTestServer();
  operations = await operationsOf(server);
});
afterAll(async () => server?.close());

/** A URL the router matches: path parameters filled with something harmless. */
const urlOf = (operation: Operation): string => operation.path.replace(/\{[^}]+\}/g, 'x');

const send = (operation: Operation, headers: Record<string, string>) =>
  server.app.inject({ method: operation.method, url: urlOf(operation), headers: { authorization: BASIC, ...headers } });

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

async function badTokens(): Promise<Record<string, Record<string, string>>> {
  const now = Math.floor(Date.now() / 1000);
  const signIn = await call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: {
      grant_type: 'password',
      username: 'admin',
      password: crypto.createHash('md5').update('admin').digest('hex'),
    },
  });
  const live = signIn.json() as { access_token: string; refresh_token: string };
  const sid = JSON.parse(Buffer.from(live.access_token.split('.')[1], 'base64url').toString()).sid as string;
  const revoked = await (async () => {
    const token = (
      await call(server, 'POST', '/api/blade-auth/oauth/token', {
        query: {
          grant_type: 'password',
          username: 'admin',
          password: crypto.createHash('md5').update('admin').digest('hex'),
        },
      })
    ).json().access_token as string;
    await call(server, 'GET', '/api/blade-auth/oauth/logout', { token });
    return token;
  })();
  const claims = { sid, typ: 'access' as const, jti: 'j', iat: now, exp: now + 3600 };
  const bearer = (token: string) => ({ 'blade-auth': `bearer ${token}` });
  return {
    missing: {},
    garbage: bearer('not-a-token'),
    'wrong scheme': { 'blade-auth': `Basic ${live.access_token}` },
    'forged signature': bearer(signToken(claims, 'another-secret')),
    expired: bearer(signToken({ ...claims, iat: now - 7200, exp: now - 3600 }, server.app.tokenSecret)),
    'refresh token as access': bearer(live.refresh_token),
    'signed out': bearer(revoked),
    'unknown session': bearer(signToken({ ...claims, sid: '1' }, server.app.tokenSecret)),
    'alg none': bearer(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`),
  };
}

describe('bad tokens', () => {
  it('answers every call that needs a session with 401 for each of nine bad tokens', async () => {
    const tokens = await badTokens();
    expect(Object.keys(tokens)).toHaveLength(9);
    let checked = 0;
    for (const operation of operations) {
      for (const [kind, headers] of Object.entries(tokens)) {
        const response = await send(operation, headers);
        const name = `${nameOf(operation)} with ${kind}`;
        expectAnswered(name, response);
        if (operation.access !== 'public') {
          expect(response.statusCode, name).toBe(401);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(800);
  });
});

describe('the restricted account', () => {
  let operator: string;
  let held: Set<string>;
  let fingerprint: Fingerprint;

  beforeAll(async () => {
    operator = await signIn(server, 'operator', 'operator');
    fingerprint = await fingerprintOf(server);
    const rows = await server.ctx.db
      .selectFrom('blade_user as u')
      .innerJoin('blade_role_menu as rm', (join) =>
        join.on((eb) => eb(eb.cast('rm.roleId', 'varchar(20)'), '=', eb.ref('u.roleId'))),
      )
      .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
      .select('m.code')
      .where('u.account', '=', 'operator')
      .execute();
    held = new Set(rows.map((row) => String(row.code)));
  });

  it('is refused with 403 by every call of a screen its role does not hold, and changes nothing there', async () => {
    const before = await fingerprint();
    let refused = 0;
    for (const operation of operations) {
      const response = await send(operation, { 'blade-auth': `bearer ${operator}` });
      const name = `${nameOf(operation)} as operator`;
      expectAnswered(name, response);
      const access = operation.access;
      if (typeof access === 'object' && ![access.menu].flat().some((code) => held.has(code))) {
        expect(response.statusCode, name).toBe(403);
        refused++;
      }
      // Signing out is one of the calls; the account signs in again for the next.
      const still = await call(server, 'GET', '/api/blade-auth/oauth/user-info', { token: operator });
      if (still.statusCode === 401) {
        operator = await signIn(server, 'operator', 'operator');
      }
    }
    expect(refused).toBeGreaterThan(50);
    expect(await fingerprint()).toBe(before);
  });
});
