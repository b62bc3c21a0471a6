// The real server process, as `npm start` runs it: its standard output and error never carry a password, its md5
// (which the server accepts as the password), a token or a client secret; and a request Node refuses before Fastify
// (a 70 KB query string) is still answered with the envelope.
import net from 'node:net';
import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC } from '../harness.js';
import { type ServerProcess, startServerProcess } from './server-process.js';

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** One raw HTTP/1.1 exchange, so nothing between the test and the server shortens or refuses the request. */
function rawRequest(requestText: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.end(requestText));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    // The server closes as soon as it has answered, while the rest of an overlong request is still on its way.
    socket.on('error', (error) => (answer ? resolve(answer) : reject(error)));
    socket.on('close', () => resolve(answer));
  });
}

const envelopeOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('the process log', () => {
  it('carries no password, md5, token or secret after a sign-in, a refresh and a password change', async () => {
    const api = `${server.url}/api`;
    const headers = { authorization: BASIC, 'tenant-id': '000000' };
    const passwordMd5 = md5('admin');
    const signIn = await fetch(
      `${api}/blade-auth/oauth/token?tenantId=000000&username=admin&password=${passwordMd5}&grant_type=password&scope=all`,
      { method: 'POST', headers },
    );
    const token = (await signIn.json()) as { access_token: string; refresh_token: string };
    expect(token.access_token).toBeTruthy();
    const refreshed = await fetch(
      `${api}/blade-auth/oauth/token?grant_type=refresh_token&refresh_token=${token.refresh_token}&scope=all`,
      { method: 'POST', headers },
    );
    expect(refreshed.status).toBe(200);
    const newMd5 = md5('admin-changed');
    const changed = await fetch(
      `${api}/blade-user/update-password?oldPassword=${passwordMd5}&newPassword=${newMd5}&newPassword1=${newMd5}`,
      { method: 'POST', headers: { ...headers, 'blade-auth': `bearer ${token.access_token}` } },
    );
    expect((await changed.json()).success).toBe(true);

    const log = server.output();
    // The calls were logged, with their URLs masked.
    expect(log).toContain('/api/blade-auth/oauth/token?');
    expect(log).toContain('password=******');
    for (const secret of [passwordMd5, newMd5, token.access_token, token.refresh_token, 'saber_secret']) {
      expect(log).not.toContain(secret);
    }
  });
});

describe('a request Node refuses before the routes', () => {
  it('answers a 70 KB query string with the envelope, in the caller language', async () => {
    const query = `a=${'x'.repeat(70 * 1024)}`;
    const chinese = await rawRequest(`GET /api/blade-system/param/list?${query} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expect(chinese).toMatch(/^HTTP\/1\.1 431 /);
    expect(envelopeOf(chinese)).toEqual({ code: 431, success: false, data: null, msg: '请求地址或请求头过长' });
    const english = await rawRequest(
      `GET /api/blade-system/param/list HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\nX-Filler: ${'y'.repeat(70 * 1024)}\r\n\r\n`,
    );
    expect(envelopeOf(english)).toEqual({
      code: 431,
      success: false,
      data: null,
      msg: 'The request address or its headers are too long',
    });
  });

  it('answers bytes that are not HTTP with the envelope', async () => {
    const answer = await rawRequest('NOT HTTP AT ALL\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(envelopeOf(answer)).toMatchObject({ code: 400, success: false, data: null });
  });
});
