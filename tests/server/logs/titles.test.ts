// Every title the API log can write has its English: a resource's calls by their screen's English name, every
// hand-written call from the catalogue. Read from the routes the server registers (its OpenAPI document), so a call
// added later without an English title fails here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiTitleInEnglish } from '../../../server/system/logs/api-titles-en.js';
import { startTestServer, type TestServer } from '../harness.js';

const CJK = /[\u4e00-\u9fff]/;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.ready();
});
afterAll(async () => server?.close());

it('has the English of the title of every call the server answers', () => {
  const document = server.app.swagger() as { paths: Record<string, Record<string, { summary?: string }>> };
  const calls = Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ call: `${method} ${path}`, title: operation.summary })),
  );
  expect(calls.length).toBeGreaterThan(300);
  const untitled = calls.filter(({ title }) => !title).map(({ call }) => call);
  expect(untitled).toEqual([]);
  const missing = calls
    .filter(({ title }) => {
      const english = apiTitleInEnglish(title as string);
      return english === undefined || CJK.test(english);
    })
    .map(({ call, title }) => `${call}: ${title}`);
  expect(missing).toEqual([]);
});
