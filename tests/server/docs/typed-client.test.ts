// A client typed by the generated wire types alone (runtime/http/openapi.d.ts through runtime/http/wire.ts): it
// signs in, reads a dictionary, a list and a detail and submits, against the real server. `tsc` compiles it, so a
// misspelt field, a wrong query or body, or a path the server does not have fails the type check.
import { md5 } from 'js-md5';
import { afterAll, beforeAll, expect, expectTypeOf, it } from 'vitest';
import type { paths } from '../../../runtime/http/openapi.js';
import type { AnswerOf, BodyOf, DataOf, QueryOf, Schema } from '../../../runtime/http/wire.js';
import { call, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server?.close());

type Get = { [P in keyof paths]: paths[P]['get'] extends undefined ? never : P }[keyof paths];
type Post = { [P in keyof paths]: paths[P]['post'] extends undefined ? never : P }[keyof paths];

/** The typed calls: a path of the document, its query and body, its answer. */
const client = (token?: string) => ({
  get: async <P extends Get>(path: P, query: QueryOf<P, 'get'>) =>
    (await call(server, 'GET', path, { token, query: query as Record<string, string> })).json() as AnswerOf<P, 'get'>,
  post: async <P extends Post>(path: P, query: QueryOf<P, 'post'>, body?: BodyOf<P, 'post'>) =>
    (await call(server, 'POST', path, { token, query: query as Record<string, string>, body })).json() as AnswerOf<
      P,
      'post'
    >,
});

it('signs in, reads a dictionary, a list and a detail, and submits, all typed by the document', async () => {
  const signedIn = await client().post('/api/blade-auth/oauth/token', {
    tenantId: '000000',
    username: 'admin',
    password: md5('admin'),
    grant_type: 'password',
    scope: 'all',
    type: 'account',
  });
  expectTypeOf(signedIn.access_token).toEqualTypeOf<string>();
  expect(signedIn.token_type).toBe('bearer');
  const api = client(signedIn.access_token);

  const sex = await api.get('/api/blade-system/dict/dictionary', { code: 'sex' });
  expectTypeOf(sex.data).toEqualTypeOf<Schema<'DictDictionary'>[]>();
  expect(sex.data.map((item) => item.dictValue)).toEqual(['男', '女']);

  const saved = await api.post(
    '/api/blade-system/param/submit',
    {},
    {
      paramName: '类型检查',
      paramKey: 'typed.check',
      paramValue: '1',
    },
  );
  expectTypeOf(saved.data).toEqualTypeOf<DataOf<'/api/blade-system/param/submit', 'post'>>();
  expect(saved).toMatchObject({ code: 200, success: true, data: null });

  const list = await api.get('/api/blade-system/param/list', { current: 1, size: 100 });
  expectTypeOf(list.data.records[0].paramKey).toEqualTypeOf<string>();
  const row = list.data.records.find((param) => param.paramKey === 'typed.check');
  expect(row?.paramName).toBe('类型检查');

  const detail = await api.get('/api/blade-system/param/detail', { id: row?.id ?? '' });
  expectTypeOf(detail).toEqualTypeOf<AnswerOf<'/api/blade-system/param/detail'>>();
  expect(detail.data.paramValue).toBe('1');

  // What the compiler refuses, so the types are not `any`.
  // @ts-expect-error: a param has no field paramNam
  expect(detail.data.paramNam).toBeUndefined();
  // @ts-expect-error: the dictionary call needs its code
  expect(() => api.get('/api/blade-system/dict/dictionary', {})).toBeDefined();
  // @ts-expect-error: the server has no such call
  expectTypeOf<AnswerOf<'/api/blade-system/param/lists'>>().toBeNever();
});
