// Every field a page's form submits is a field of the server resource the form is sent to, as that resource's
// `<resource>/fields` call lists it: a form field the server does not know would be dropped or refused on save.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fieldLimitsUrl, resourceUrls } from '../../../runtime/data/provider';
import { compileForm, modeSchema } from '../../../runtime/form/formSchema';
import { resolveExtends } from '../../../runtime/page/extends';
import type { Api, Column, FormDefinition, FormMode, Operations } from '../../../runtime/schema/types';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

const raw = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default', eager: true });
/** The screens as they open, with what they extend filled in (the fragments under _shared are parts of them). */
const files: Record<string, unknown> = Object.fromEntries(
  await Promise.all(
    Object.entries(raw)
      .filter(([file]) => !file.startsWith('/pages/_shared/'))
      .map(async ([file, definition]) => [
        file,
        await resolveExtends(definition, file.slice(1), async (pageId) => raw[`/pages/${pageId}.json`]),
      ]),
  ),
);

interface ListSpec {
  api: Api;
  operations?: Operations;
  columns?: Column[];
  form: FormDefinition;
}

/** Every list with a form anywhere in a definition (the page itself, its child list, its blocks). */
function listsOf(node: unknown, found: ListSpec[] = []): ListSpec[] {
  if (Array.isArray(node)) for (const item of node) listsOf(item, found);
  else if (node && typeof node === 'object') {
    const entry = node as Partial<ListSpec>;
    if (typeof entry.api?.list === 'string' && entry.form?.fields) found.push(entry as ListSpec);
    for (const value of Object.values(node)) listsOf(value, found);
  }
  return found;
}

/** Where each writing mode of a list sends its form, and the fields it sends. */
function submissions(list: ListSpec): Array<{ url: string; fields: string[] }> {
  const urls = resourceUrls(list.api);
  const form = compileForm(list.form, list.columns ?? []).form;
  const modes: Array<[FormMode, string]> = [];
  if (list.operations?.add) modes.push(['add', urls.submit]);
  if (list.operations?.edit) modes.push(['edit', urls.update]);
  return modes.map(([mode, url]) => ({
    url,
    fields: Object.keys(modeSchema(form, list.columns ?? [], () => '', mode).properties ?? {}),
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
      const limitsUrl = fieldLimitsUrl(url);
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
