// The checks of runtime/schema/check-page.ts against the real server's description: every page the product ships
// passes them, and each silent failure of a definition is named with its place and the nearest right word.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiDescription, checkPage } from '../../../runtime/schema/check-page';
import { definitionAjv } from '../../../runtime/schema/compile';
import { operationOf } from '../../../runtime/schema/description';
import type { Action, Column, Label, ListBlock, PageDefinition, StatsBlock } from '../../../runtime/schema/types';
import { placedExamples, placedOptionExamples } from '../../../scripts/schema-examples';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

const root = join(import.meta.dirname, '..', '..', '..');
const pagesDir = join(root, 'pages');
const pageFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
const texts = Object.fromEntries(pageFiles(pagesDir).map((file) => [relative(root, file), readFileSync(file, 'utf8')]));
const pages = Object.fromEntries(
  Object.entries(texts).map(([file, text]) => [file.replace(/^pages\//, '').replace(/\.json$/, ''), JSON.parse(text)]),
);

let server: TestServer;
let description: ApiDescription;

beforeAll(async () => {
  server = await startTestServer();
  const token = await signIn(server);
  const response = await call(server, 'GET', '/api/blade-system/page-check/description', { token });
  description = response.json().data;
});
afterAll(() => server?.app.close());

describe('the page checks with the server description', () => {
  it('every page the product ships passes', () => {
    const problems = Object.entries(texts).flatMap(([file, text]) =>
      checkPage(text, { file, description, pages }).map((p) => `${file}:${p.line}:${p.column} ${p.path} ${p.message}`),
    );
    expect(problems).toEqual([]);
  });

  it('every read call a shipped page makes declares its record', () => {
    // Each call that fills a screen (a list, a detail, a figure, a tree, a select's options) must say what it
    // answers, or the checks above cannot see a wrong field on that screen. A button's `request` is an action, an
    // import's `template` a file.
    const reads = (node: unknown, found: string[] = []): string[] => {
      if (typeof node === 'string' && node.startsWith('/api/')) found.push(node.split('?')[0]);
      else if (Array.isArray(node)) for (const item of node) reads(item, found);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node))
          if (key !== 'request' && key !== 'template') reads(value, found);
      return found;
    };
    const urls = new Set(Object.values(pages).flatMap((page) => reads(page)));
    const undeclared = [...urls].filter((url) => {
      const operation = operationOf(description, url, 'GET');
      return operation?.method === 'GET' && !operation.record;
    });
    expect(urls.size).toBeGreaterThan(60);
    expect(undeclared.sort()).toEqual([]);
  });

  /** order.json with one change, checked as the studio and the build check it. */
  const orderWith = (change: (page: PageDefinition) => void) => {
    const page = structuredClone(pages['business/order']) as PageDefinition;
    change(page);
    return checkPage(JSON.stringify(page, null, 2), { file: 'pages/business/order.json', description, pages });
  };
  const list = (page: PageDefinition) => page.blocks[1] as ListBlock;
  const columnOf = (page: PageDefinition, field: string) =>
    list(page).columns.find((column) => column.field === field) as Column;
  const firstAction = (page: PageDefinition) => (list(page).rowActions ?? [])[0] as Action & { confirm: Label };

  it('names a select searching on the server by a parameter its list does not filter on', () => {
    const page = structuredClone(pages['business/transfers']) as PageDefinition;
    const launch = (page.blocks[0] as ListBlock).toolbarActions?.find((action) => action.id === 'launch') as Action;
    const picker = launch.form?.fields?.customerId as { options: Record<string, unknown> };
    picker.options.search = 'keywords';
    const problems = checkPage(JSON.stringify(page, null, 2), {
      file: 'pages/business/transfers.json',
      description,
      pages,
    });
    expect(problems.map((problem) => problem.message)).toEqual([
      '/api/blade-system/customer/list does not filter on "keywords": whatever is typed, the select offers the same rows',
    ]);
    // The nearest name beside the message, offered once wherever the problem is shown.
    expect(problems[0].suggestion).toBe('keyword');
  });

  it('names a searchable column the list call does not filter on, with the filters it does take', () => {
    const problems = orderWith((page) => {
      // 实收金额 is worked out for each row, not stored: the list cannot filter on it.
      columnOf(page, 'keptAmount').search = 'numberRange';
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatchObject({ file: 'pages/business/order.json', word: 'keptAmount' });
    expect(problems.map((p) => p.message)).toEqual([
      '/api/blade-system/order/list does not filter on "keptAmount_ge": the search would be sent and every row still shown',
      '/api/blade-system/order/list does not filter on "keptAmount_le": the search would be sent and every row still shown',
    ]);
    expect(problems[0].path).toMatch(/^\/blocks\/1\/columns\/\d+\/search$/);
  });

  it('names a column the answer does not have, a permission nobody holds and a blank placeholder', () => {
    const problems = orderWith((page) => {
      list(page).columns.push({ field: 'phoneNumbr', label: { zh: '手机', en: 'Phone' } });
      list(page).operations = { ...list(page).operations, view: 'order_veiw' };
      firstAction(page).confirm = { zh: '确定结束订单 {{outTradNo}}?', en: 'Finish order {{outTradeNo}}?' };
    });
    const said = Object.fromEntries(problems.map((p) => [p.word, p]));
    expect(said.phoneNumbr).toMatchObject({ suggestion: 'phoneNumber' });
    expect(said.phoneNumbr.message).toContain('is not a field of what /api/blade-system/order/list answers');
    expect(said.phoneNumbr.zh).toContain('不是 /api/blade-system/order/list 返回的字段');
    expect(said.order_veiw).toMatchObject({ suggestion: 'order_view', path: '/blocks/1/operations/view' });
    expect(said.outTradNo).toMatchObject({ suggestion: 'outTradeNo', path: '/blocks/1/rowActions/0/confirm/zh' });
    // The place in the file, as an editor and the build show it.
    expect(said.order_veiw.line).toBeGreaterThan(1);
    expect(said.order_veiw.column).toBeGreaterThan(1);
  });

  it('names a misspelt column where it is, beside the view section that misses it', () => {
    const problems = orderWith((page) => {
      columnOf(page, 'batch').field = 'bacth';
    });
    expect(problems.map(({ path, word, suggestion }) => ({ path, word, suggestion }))).toEqual([
      { path: '/blocks/1/view/sections/1/fields/3', word: 'batch', suggestion: 'bacth' },
      { path: expect.stringMatching(/^\/blocks\/1\/columns\/\d+\/field$/), word: 'bacth', suggestion: 'batch' },
    ]);
  });

  it('names an unknown field in a request value written as a text template', () => {
    const problems = orderWith((page) => {
      const refund = (list(page).rowActions ?? []).find((action) => action.id === 'refund') as Action;
      (refund.request?.body as Record<string, unknown>).orderId = '{{row.idd}}';
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ word: 'row.idd', suggestion: 'row.id' });
    expect(problems[0].path).toMatch(/^\/blocks\/1\/rowActions\/\d+\/request\/body\/orderId$/);
  });

  it('names a stats field the call does not answer, a dictionary not seeded and a call the server does not have', () => {
    const problems = orderWith((page) => {
      (page.blocks[0] as StatsBlock).cards[0].field = 'order';
      const dictColumn = list(page).columns.find((column) => typeof column.dict === 'string') as Column;
      dictColumn.dict = `${dictColumn.dict}s`;
      firstAction(page).request = { method: 'POST', url: '/api/blade-system/order/finnish' };
    });
    const words = problems.map((p) => p.word);
    expect(words).toContain('order');
    expect(problems.find((p) => p.word === 'order')).toMatchObject({
      suggestion: 'orders',
      path: '/blocks/0/cards/0/field',
    });
    expect(problems.find((p) => p.message.startsWith('the dictionary'))?.zh).toMatch(/^字典 ".*" 未初始化/);
    expect(problems.find((p) => p.word === '/api/blade-system/order/finnish')).toMatchObject({
      suggestion: '/api/blade-system/order/finish',
    });
  });

  it('follows a dotted field into the nested record the call declares', () => {
    const home = pages['wel/index'] as PageDefinition;
    const stats = home.blocks.findIndex((block) => block.type === 'stats');
    const card = (home.blocks[stats] as StatsBlock).cards.findIndex((each) => each.field === 'today.revenue');
    // The premise: the shipped dashboard reads today's revenue from home/data, and passes.
    expect(card).toBeGreaterThanOrEqual(0);
    expect(checkPage(JSON.stringify(home), { file: 'pages/wel/index.json', description, pages })).toEqual([]);
    const misspelt = structuredClone(home);
    (misspelt.blocks[stats] as StatsBlock).cards[card].field = 'today.revenu';
    const problems = checkPage(JSON.stringify(misspelt), { file: 'pages/wel/index.json', description, pages });
    expect(problems).toEqual([
      expect.objectContaining({
        path: `/blocks/${stats}/cards/${card}/field`,
        word: 'today.revenu',
        suggestion: 'today.revenue',
        message: 'the card "today.revenu" is not a field of today in what /api/blade-system/home/data answers',
        zh: '卡片字段 "today.revenu" 不是 /api/blade-system/home/data 返回的 today 的字段',
      }),
    ]);
  });

  it('names broken JSON by file, line and column', () => {
    const problems = checkPage('{\n  "id": "x",\n  "blocks": [\n}', { file: 'pages/x.json' });
    expect(problems).toEqual([expect.objectContaining({ file: 'pages/x.json', line: 4, column: 1 })]);
    expect(problems[0].message).toMatch(/^not valid JSON at line 4, column 1/);
  });

  it('answers only a signed-in caller', async () => {
    const response = await call(server, 'GET', '/api/blade-system/page-check/description');
    expect(response.statusCode).toBe(401);
  });
});

const readme = readFileSync(join(root, 'runtime', 'README.md'), 'utf8');
const examples = [...readme.matchAll(/```json\n([\s\S]*?)```/g)].map((match) => match[1]);
const BLOCK_TYPES = ['list', 'stats', 'view', 'tabs', 'chart'];

/** A README example as JSON: a whole value, or the keys (`"rowActions": […]`) of an object. */
function parsed(example: string): unknown {
  for (const text of [example, `{${example}}`]) {
    try {
      return JSON.parse(text);
    } catch {
      // Not this way.
    }
  }
  return undefined;
}

describe('the examples of runtime/README.md and of the page schema', () => {
  it('call only what the server has', () => {
    const urls = [...readme.matchAll(/"(\/api\/[\w/.-]+)/g)].map((match) => match[1]);
    expect(urls.length).toBeGreaterThan(10);
    const missing = urls.filter((url) => !operationOf(description, url));
    expect(missing).toEqual([]);
  });

  it('pass the checks with the server description, whole blocks and row actions alike', () => {
    const problems = examples.flatMap((example, index) => {
      const value = parsed(example) as Record<string, unknown> | undefined;
      if (!value || Array.isArray(value)) return [];
      const block = BLOCK_TYPES.includes(value.type as string)
        ? value
        : value.rowActions
          ? {
              type: 'list',
              api: { list: '/api/blade-system/order/list' },
              columns: [{ field: 'outTradeNo', label: { zh: '商户订单号', en: 'Order no.' } }],
              rowActions: value.rowActions,
            }
          : undefined;
      if (!block) return [];
      const page = { id: 'docs/example', title: { zh: '示例', en: 'Example' }, blocks: [block] };
      return checkPage(page, { file: `runtime/README.md example ${index + 1}`, description, pages }).map(
        (p) => `${p.file} ${p.path}: ${p.message}`,
      );
    });
    expect(problems).toEqual([]);
  });
});

describe('the examples of the page and option schemas', () => {
  /** Every schema node with `examples`, by its JSON Pointer in the file. */
  const withExamples = (node: unknown, pointer = ''): Array<{ pointer: string; examples: unknown[] }> => {
    if (!node || typeof node !== 'object') return [];
    const entry = node as Record<string, unknown>;
    const own = Array.isArray(entry.examples) ? [{ pointer, examples: entry.examples }] : [];
    return [
      ...own,
      ...Object.entries(entry)
        .filter(([key]) => !['examples', 'enum', 'const', 'default'].includes(key))
        .flatMap(([key, value]) => withExamples(value, `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`)),
    ];
  };

  it('are each accepted by the schema they illustrate', () => {
    const ajv = definitionAjv();
    const page = JSON.parse(readFileSync(join(root, 'runtime', 'schema', 'page.schema.json'), 'utf8'));
    const options = JSON.parse(readFileSync(join(root, 'runtime', 'schema', 'options.schema.json'), 'utf8'));
    ajv.addSchema(page, 'page');
    const optionSchemas = (['formatters', 'widgets'] as const).flatMap((kind) =>
      Object.entries(options[kind] as Record<string, object>).map(([name, schema]) => {
        ajv.addSchema(schema, `${kind}/${name}`);
        return withExamples(schema).map((entry) => ({ ...entry, schema: `${kind}/${name}` }));
      }),
    );
    const refused = [
      ...withExamples(page).map((entry) => ({ ...entry, schema: 'page' })),
      ...optionSchemas.flat(),
    ].flatMap(({ pointer, examples, schema }) => {
      const validate = ajv.compile({ $ref: `${schema}#${pointer}` });
      return examples
        .filter((example) => !validate(example))
        .map((example) => `${schema}${pointer}: ${JSON.stringify(example)} ${ajv.errorsText(validate.errors)}`);
    });
    expect(refused).toEqual([]);
  });

  /** The examples the page checks refuse in every smallest page around them, each named. */
  const refusedExamples = (schema: Record<string, unknown>, placed = placedExamples) =>
    placed(schema).flatMap(({ pointer, example, pages: around }) => {
      const problems = around.map((page) =>
        checkPage(page, { file: 'runtime/schema/page.schema.json', description, pages }),
      );
      if (problems.some((found) => found.length === 0)) return [];
      return problems[0].map(
        (problem) => `${pointer}: ${JSON.stringify(example)} → ${problem.path}: ${problem.message}`,
      );
    });
  const pageSchema = () => JSON.parse(readFileSync(join(root, 'runtime', 'schema', 'page.schema.json'), 'utf8'));

  it('are each accepted by the page checks with the server description, in the smallest page around them', () => {
    const schema = pageSchema();
    expect(placedExamples(schema).length).toBeGreaterThan(200);
    expect(refusedExamples(schema)).toEqual([]);
  });

  it("of a formatter's, a widget's and an action's options are each accepted in the smallest page around them", () => {
    const schema = pageSchema();
    expect(placedOptionExamples(schema).length).toBeGreaterThan(40);
    expect(refusedExamples(schema, placedOptionExamples)).toEqual([]);
  });

  it('name an example that teaches what the checks refuse: a dictionary as a format, a field no call answers', () => {
    const schema = pageSchema();
    schema.definitions.column.properties.format.examples.push({ name: 'dict', code: 'yes_no' });
    schema.definitions.statCard.properties.field.examples.push('income');
    expect(refusedExamples(schema)).toEqual([
      expect.stringMatching(
        /^#\/definitions\/column\/properties\/format: .*"yes_no".* a dictionary is given with "dict"/,
      ),
      expect.stringMatching(
        /^#\/definitions\/statCard\/properties\/field: "income" → .*the card "income" is not a field/,
      ),
    ]);
  });

  it('call only what the server has', () => {
    const schemas = ['page.schema.json', 'options.schema.json'].map((name) =>
      readFileSync(join(root, 'runtime', 'schema', name), 'utf8'),
    );
    const urls = schemas.flatMap((text) => [...text.matchAll(/"(\/api\/[\w/.-]+)/g)].map((match) => match[1]));
    expect(urls.filter((url) => !operationOf(description, url))).toEqual([]);
  });
});
