// Every field a page's form submits is a field of the server resource the form is sent to, as that resource's
// `<resource>/fields` call lists it: a form field the server does not know would be dropped or refused on save.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { limitsUrlOf } from '../../../runtime/data/fieldLimits';
import { resourceUrl } from '../../../runtime/data/mutations';
import { modeSchema } from '../../../runtime/form/formSchema';
import type { Column, FormMode, FormSpec, Operations } from '../../../runtime/schema/types';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default', eager: true });

interface ListSpec {
  api: { list: string; submit?: string; update?: string };
  operations?: Operations;
  columns?: Column[];
  form: FormSpec;
}

/** Every list with a form anywhere in a definition (the page itself, its child list, its blocks). */
function listsOf(node: unknown, found: ListSpec[] = []): ListSpec[] {
  if (Array.isArray(node)) for (const item of node) listsOf(item, found);
  else if (node && typeof node === 'object') {
    const entry = node as Partial<ListSpec>;
    if (typeof entry.api?.list === 'string' && entry.form?.schema) found.push(entry as ListSpec);
    for (const value of Object.values(node)) listsOf(value, found);
  }
  return found;
}

/** Where each writing mode of a list sends its form, and the fields it sends. */
function submissions(list: ListSpec): Array<{ url: string; fields: string[] }> {
  const submit = list.api.submit ?? resourceUrl(list.api.list, 'submit');
  const modes: Array<[FormMode, string]> = [];
  if (list.operations?.add) modes.push(['add', submit]);
  if (list.operations?.edit) modes.push(['edit', list.api.update ?? submit]);
  return modes.map(([mode, url]) => ({
    url,
    fields: Object.keys(modeSchema(list.form, list.columns ?? [], () => '', mode).properties ?? {}),
  }));
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
});
afterAll(() => server.close());

it('sends from every form only fields the server resource behind it defines', async () => {
  const unknown: string[] = [];
  let checked = 0;
  for (const [file, definition] of Object.entries(files)) {
    for (const { url, fields } of listsOf(definition).flatMap(submissions)) {
      const limitsUrl = limitsUrlOf(url);
      expect(limitsUrl, `${file}: ${url} has no fields call`).toBeDefined();
      const response = await call(server, 'GET', limitsUrl as string, { token: admin });
      expect(response.statusCode, `${file}: ${limitsUrl}`).toBe(200);
      const known = response.json().data as Record<string, unknown>;
      unknown.push(...fields.filter((field) => !(field in known)).map((field) => `${file}: ${field} → ${url}`));
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(15);
  expect(unknown).toEqual([]);
});
