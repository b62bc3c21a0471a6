import { md5 } from 'js-md5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';
import { addUser } from './fixtures.js';

let server: TestServer;

const password = (username: string, plain: string) =>
  call(server, 'POST', '/api/blade-auth/oauth/token', {
    query: { tenantId: '000000', grant_type: 'password', username, password: md5(plain), scope: 'all' },
  });

const BAD = '用户名或密码不正确';
const LOCKED = '登录错误次数过多,请稍后再试';

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

describe('lockout under parallel attack (account.failCount = 5)', () => {
  it('evaluates at most 5 of 100 parallel wrong passwords and then refuses the right one', async () => {
    const id = await addUser(server, { account: 'zhaosi', password: 'zhaosi-pass' });
    const answers = await Promise.all(Array.from({ length: 100 }, () => password('zhaosi', 'guess')));
    const messages = answers.map((answer) => answer.json().error_description);
    expect(messages.filter((message) => message === BAD).length).toBeLessThanOrEqual(5);
    expect(messages.filter((message) => message !== BAD && message !== LOCKED)).toEqual([]);
    const row = await server.ctx.db
      .selectFrom('blade_login_failure')
      .select('failCount')
      .where('loginName', '=', 'zhaosi')
      .executeTakeFirstOrThrow();
    expect(row.failCount).toBe(5);

    expect((await password('zhaosi', 'zhaosi-pass')).json().error_description).toBe(LOCKED);

    const admin = await signIn(server);
    const unlock = await call(server, 'POST', '/api/blade-user/unlock', { token: admin, query: { userIds: id } });
    expect(unlock.json().success).toBe(true);
    expect((await password('zhaosi', 'zhaosi-pass')).statusCode).toBe(200);
  });

  it('evaluates only the one attempt left in a parallel burst, unless the right password took it and cleared the count', async () => {
    await addUser(server, { account: 'qianer', password: 'qianer-pass' });
    for (let i = 0; i < 4; i++) expect((await password('qianer', 'guess')).json().error_description).toBe(BAD);
    const burst = await Promise.all([
      ...Array.from({ length: 30 }, () => password('qianer', 'guess')),
      password('qianer', 'qianer-pass'),
    ]);
    const messages = burst.map((answer) => answer.json().error_description);
    // One attempt was left: either one wrong password used it and every other answer, the right one included, is
    // the lock, or the right password used it, signed in and cleared the count, as a success always does, and the
    // wrong ones waiting had at most a fresh count's attempts.
    const signedIn = burst[30]?.statusCode === 200;
    if (!signedIn) expect(messages[30]).toBe(LOCKED);
    expect(messages.filter((message) => message === BAD).length).toBeLessThanOrEqual(signedIn ? 5 : 1);
    expect(messages.filter((message) => message !== BAD && message !== LOCKED).length).toBe(signedIn ? 1 : 0);
  });

  it('counts an unknown name the same way', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => password('nobody-here', 'guess')));
    const bad = answers.filter((answer) => answer.json().error_description === BAD);
    expect(bad.length).toBeLessThanOrEqual(5);
  });

  it('signs in all of 8 right passwords sent at once (several tabs), counting none as a failure', async () => {
    await addUser(server, { account: 'sunsan', password: 'sunsan-pass' });
    const answers = await Promise.all(Array.from({ length: 8 }, () => password('sunsan', 'sunsan-pass')));
    expect(answers.map((answer) => [answer.statusCode, answer.json().error_description])).toEqual(
      Array.from({ length: 8 }, () => [200, undefined]),
    );
    expect(new Set(answers.map((answer) => answer.json().access_token)).size).toBe(8);
    const left = await server.ctx.db
      .selectFrom('blade_login_failure')
      .select('failCount')
      .where('loginName', '=', 'sunsan')
      .execute();
    expect(left).toEqual([]);

    // Wrong passwords still lock the name as before: four refused, the fifth too, then even the right one.
    for (let i = 0; i < 5; i++) expect((await password('sunsan', 'guess')).json().error_description).toBe(BAD);
    expect((await password('sunsan', 'sunsan-pass')).json().error_description).toBe(LOCKED);
  });
});
