// An analyst opening a page in an editor gets completion and hover from the schema: asked here of the JSON language
// service VS Code itself runs, once through the repository's .vscode/settings.json and once through the page's own
// "$schema".
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  getLanguageService,
  type JSONSchema,
  type SchemaConfiguration,
  TextDocument,
} from 'vscode-json-languageservice';
import pageSchema from '../../runtime/schema/page.schema.json';

const root = join(import.meta.dirname, '..', '..');
const pageFile = join(root, 'pages', 'system', 'param.json');
const settings = JSON.parse(readFileSync(join(root, '.vscode', 'settings.json'), 'utf8')) as {
  'json.schemas': Array<{ fileMatch: string[]; url: string }>;
};

function editor(schemas: SchemaConfiguration[]) {
  const service = getLanguageService({
    schemaRequestService: async (uri) => readFileSync(fileURLToPath(uri), 'utf8'),
    workspaceContext: { resolveRelativePath: (relative, resource) => new URL(relative, resource).href },
  });
  service.configure({ validate: true, schemas });
  return service;
}

function open(text: string) {
  const document = TextDocument.create(pathToFileURL(pageFile).href, 'json', 1, text);
  return { document, json: (service: ReturnType<typeof editor>) => service.parseJSONDocument(document) };
}

const description = (key: string) => (pageSchema.properties as Record<string, JSONSchema>)[key].description as string;

async function hoverText(service: ReturnType<typeof editor>, text: string, key: string): Promise<string> {
  const { document, json } = open(text);
  const hover = await service.doHover(document, document.positionAt(text.indexOf(`"${key}"`) + 2), json(service));
  const contents = hover?.contents;
  return JSON.stringify(contents ?? '');
}

/** The keys offered at `offset`, each with the text shown beside it. */
async function completions(service: ReturnType<typeof editor>, text: string, offset: number) {
  const { document, json } = open(text);
  const list = await service.doComplete(document, document.positionAt(offset), json(service));
  return Object.fromEntries((list?.items ?? []).map((item) => [item.label, JSON.stringify(item.documentation ?? '')]));
}

// The page as written, and the same page with a new key being typed into its first column.
const page = readFileSync(pageFile, 'utf8');
const column = page.indexOf('{', page.indexOf('"columns": [')) + 1;
const typing = `${page.slice(0, column)} "", ${page.slice(column)}`;
/** Inside the quotes of the key being typed. */
const typed = column + 2;

describe('a page in an editor', () => {
  const mapped = editor(
    settings['json.schemas'].map((entry) => ({
      uri: pathToFileURL(join(root, entry.url)).href,
      fileMatch: entry.fileMatch,
    })),
  );
  const ownSchema = editor([]);

  it('the settings map pages to the schema: hover shows the key description', async () => {
    const withoutSchema = page.replace(/\s*"\$schema":\s*"[^"]*",/, '');
    expect(await hoverText(mapped, withoutSchema, 'title')).toContain(description('title'));
  });

  it('the page own "$schema" is found: hover and completion of keys', async () => {
    expect(page).toMatch(/^\{\s*"\$schema":\s*"\.\.\/\.\.\/runtime\/schema\/page\.schema\.json"/);
    expect(await hoverText(ownSchema, page, 'title')).toContain(description('title'));
    const offered = await completions(ownSchema, typing, typed);
    expect(Object.keys(offered)).toEqual(expect.arrayContaining(['fixed', 'ellipsis', 'format']));
    expect(offered.fixed).toContain(pageSchema.definitions.column.properties.fixed.description);
  });
});
