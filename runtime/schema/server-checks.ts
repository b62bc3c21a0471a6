// The checks that need the server's description (description.ts): what passes the schema and still fails silently on
// screen — a search the list call ignores, a column the answer never fills, a button nobody holds, an empty
// dictionary, a blank {{placeholder}}, a call answering 404.
import { eachBlock } from '../blocks/walk';
import { searchFieldsOf } from '../crud/fields';
import { filterParams } from '../crud/filter-params';
import { closest } from './closest';
import type { DefinitionProblem } from './definition-problems';
import {
  type ApiDescription,
  type DescribedField,
  type DescribedOperation,
  filteredField,
  operationOf,
} from './description';
import type { Action, Column, ListBlock, PageDefinition, Permission, ViewSection } from './types';

type Say = (path: string, word: string, known: readonly string[], message: string, zh: string) => void;

/** The first part of a field (`today.orders` → `today`): what a record declares. */
const headOf = (field: string) => field.split('.')[0];

/**
 * Where a dotted field leaves what the record declares: the part that is missing and the names beside it, each
 * written whole (`today.revenu` → `today.revenue`, …). A record nested without its fields, or a value that is
 * not a record (a list's `tags.0`), is not followed further.
 */
function missingPart(
  record: Record<string, DescribedField>,
  field: string,
): { known: string[]; depth: number } | undefined {
  const parts = field.split('.');
  let fields: Record<string, DescribedField> | undefined = record;
  for (const [depth, part] of parts.entries()) {
    if (!fields) return undefined;
    const prefix = parts.slice(0, depth).join('.');
    if (!(part in fields))
      return { known: Object.keys(fields).map((name) => (prefix ? `${prefix}.${name}` : name)), depth };
    fields = fields[part].fields;
  }
  return undefined;
}

/** Which of a record's fields `fields` name (at their `path`), as the record does not have them. */
function checkFields(
  say: Say,
  operation: DescribedOperation | undefined,
  fields: Array<{ field: string; path: string }>,
  what: { en: string; zh: string },
): void {
  const record = operation?.record;
  if (!record) return;
  for (const { field, path } of fields) {
    const missing = missingPart(record, field);
    if (!missing) continue;
    const within = field.split('.').slice(0, missing.depth).join('.');
    say(
      path,
      field,
      missing.known,
      within
        ? `${what.en} "${field}" is not a field of ${within} in what ${operation.path} answers`
        : `${what.en} "${field}" is not a field of what ${operation.path} answers`,
      within
        ? `${what.zh} "${field}" 不是 ${operation.path} 返回的 ${within} 的字段`
        : `${what.zh} "${field}" 不是 ${operation.path} 返回的字段`,
    );
  }
}

const columnFields = (columns: Column[], base: string) =>
  columns.map((column, index) => ({ field: column.field, path: `${base}/${index}/field` }));

/** Every `{{name}}` of a text, without its `| money`. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:\|\s*\w+\s*)?\}\}/g)].map((match) => match[1]);

const textsOf = (label: unknown): Array<[string, string]> =>
  label && typeof label === 'object' && 'zh' in label
    ? Object.entries(label as Record<string, string>).filter(([, text]) => typeof text === 'string')
    : [];

export function serverProblems(page: PageDefinition, description: ApiDescription): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  const say: Say = (path, word, known, message, zh) => {
    const suggestion = closest(word, known);
    const nearest = nearestOf(word, known);
    problems.push({
      path,
      // The nearest name travels beside the message: each place that shows a problem offers it once.
      message,
      zh,
      word,
      known: nearest,
      ...(suggestion ? { suggestion } : {}),
    });
  };
  const menu = description.menus.find((entry) => entry.path === `/${page.id}`);
  const allCodes = description.menus.flatMap((entry) => [entry.code, ...entry.buttons]);
  const checkPermission = (permission: Permission | undefined, path: string) => {
    if (typeof permission !== 'string') return;
    const own = menu ? [menu.code, ...menu.buttons] : allCodes;
    if (own.includes(permission)) return;
    // Another screen's own code (a button of 订单管理 on 钱包) is still one somebody may hold.
    if (menu && allCodes.includes(permission)) return;
    say(
      path,
      permission,
      own,
      menu
        ? `"${permission}" is not a button of the menu ${menu.code}: nobody holds it, so the button is hidden from everyone`
        : `"${permission}" is no menu or button code: nobody holds it`,
      menu
        ? `"${permission}" 不是菜单 ${menu.code} 的按钮: 无人拥有,按钮对所有人隐藏`
        : `"${permission}" 不是任何菜单或按钮的编号: 无人拥有`,
    );
  };
  const checkUrl = (url: unknown, path: string, method?: string) => {
    if (typeof url !== 'string' || !url.startsWith('/api/')) return;
    const operation = operationOf(description, url, method);
    const known = description.operations.map((entry) => entry.path);
    if (!operation) {
      say(path, url, known, `the server has no call ${url}`, `服务器没有接口 ${url}`);
    } else if (method && operation.method !== method) {
      say(
        path,
        url,
        [],
        `${url} answers ${operation.method}, not ${method}`,
        `${url} 只接受 ${operation.method}, 不是 ${method}`,
      );
    }
  };

  for (const { path, url, method } of urlsOf(page, '')) checkUrl(url, path, method);
  for (const { code, biz, path } of dictionariesOf(page, '')) {
    const seeded = biz ? description.dictionaries.business : description.dictionaries.system;
    if (seeded.includes(code)) continue;
    say(
      path,
      code,
      seeded,
      `the dictionary "${code}" is not seeded: its options are empty and the list shows raw codes`,
      `字典 "${code}" 未初始化: 选项为空, 列表显示原始编码`,
    );
  }

  for (const { block, path } of eachBlock(page.blocks, '/blocks')) {
    if ('permission' in block) checkPermission(block.permission, `${path}/permission`);
    if (block.type === 'tabs')
      for (const [index, tab] of block.tabs.entries())
        checkPermission(tab.permission, `${path}/tabs/${index}/permission`);
    if (block.type === 'stats') {
      const fields = block.cards.flatMap((card, index) => [
        { field: card.field, path: `${path}/cards/${index}/field` },
        ...(card.compare ? [{ field: card.compare.field, path: `${path}/cards/${index}/compare/field` }] : []),
      ]);
      checkFields(say, operationOf(description, block.api), fields, { en: 'the card', zh: '卡片字段' });
    }
    if (block.type === 'chart') {
      const fields = [
        { field: block.category.field, path: `${path}/category/field` },
        ...block.series.map((series, index) => ({ field: series.field, path: `${path}/series/${index}/field` })),
      ];
      checkFields(say, operationOf(description, block.api), fields, { en: 'the chart field', zh: '图表字段' });
    }
    if (block.type === 'view') {
      const detail = operationOf(description, block.detail);
      checkFields(say, detail, columnFields(block.columns, `${path}/columns`), { en: 'the column', zh: '列' });
      checkFields(say, detail, sectionFields(block.sections, `${path}/sections`), {
        en: 'the view field',
        zh: '查看字段',
      });
    }
    if (block.type === 'list') listProblems(block, path, description, say, checkPermission);
  }
  return problems;
}

function listProblems(
  block: ListBlock,
  path: string,
  description: ApiDescription,
  say: Say,
  checkPermission: (permission: Permission | undefined, path: string) => void,
): void {
  // A form only (a process's form, docs/workflow.md) makes no call to check against.
  if (!block.api) return;
  const list = operationOf(description, block.api.list);
  const detail = block.api.detail ? operationOf(description, block.api.detail) : undefined;
  checkFields(say, list, columnFields(block.columns, `${path}/columns`), { en: 'the column', zh: '列' });
  checkSearches(say, list, block.columns, `${path}/columns`);
  // The view shows the detail's answer, or the row as listed.
  const viewed = block.view?.detail === false || !detail?.record ? list : detail;
  checkFields(say, viewed, sectionFields(block.view?.sections, `${path}/view/sections`), {
    en: 'the view field',
    zh: '查看字段',
  });
  checkFields(
    say,
    list,
    (block.summary?.fields ?? []).map((field, index) => ({ field, path: `${path}/summary/fields/${index}` })),
    { en: 'the total', zh: '合计字段' },
  );
  if (block.child) {
    const childList = operationOf(description, block.child.api.list);
    checkFields(say, childList, columnFields(block.child.columns, `${path}/child/columns`), {
      en: 'the column',
      zh: '列',
    });
    checkSearches(say, childList, block.child.columns, `${path}/child/columns`);
    for (const [name, permission] of Object.entries(block.child.operations ?? {}))
      checkPermission(permission, `${path}/child/operations/${name}`);
  }
  for (const [name, permission] of Object.entries(block.operations ?? {}))
    checkPermission(permission, `${path}/operations/${name}`);
  const rowFields = [
    ...new Set([...Object.keys(list?.record ?? {}), ...block.columns.map((column) => headOf(column.field))]),
  ];
  for (const kind of ['rowActions', 'toolbarActions'] as const) {
    (block[kind] ?? []).forEach((action, index) => {
      const at = `${path}/${kind}/${index}`;
      checkPermission(action.permission, `${at}/permission`);
      checkSearchedSelects(say, description, action, at);
      const seen = kind === 'rowActions' ? rowFields : ['rows', 'ids', 'count'];
      checkPlaceholders(say, action, at, seen);
    });
  }
}

/** A searchable column whose filter the list call does not take: the parameter is sent and every row still shows. */
function checkSearches(say: Say, list: DescribedOperation | undefined, columns: Column[], base: string): void {
  const filters = list?.filters;
  if (!list || !filters) return;
  const fields = searchFieldsOf(columns);
  for (const field of fields) {
    const index = columns.findIndex((column) => column.field === field.field);
    for (const key of filterParams(field)) {
      const filtered = filteredField(key);
      if (filters.includes(filtered)) continue;
      say(
        `${base}/${index}/search`,
        filtered,
        filters,
        `${list.path} does not filter on "${key}": the search would be sent and every row still shown`,
        `${list.path} 不支持按 "${key}" 筛选: 搜索条件会被忽略, 仍显示全部数据`,
      );
    }
  }
}

/** A select searching on the server (`search`) whose list does not take that filter: every search offers every row. */
function checkSearchedSelects(say: Say, description: ApiDescription, action: Action, at: string): void {
  for (const [name, field] of Object.entries(action.form?.fields ?? {})) {
    const search = field.options?.search;
    if (field.widget !== 'lookupSelect' || typeof search !== 'string') continue;
    const filters = operationOf(description, String(field.options?.url ?? ''))?.filters;
    if (!filters || filters.includes(search)) continue;
    say(
      `${at}/form/fields/${name}/options/search`,
      search,
      filters,
      `${field.options?.url} does not filter on "${search}": whatever is typed, the select offers the same rows`,
      `${field.options?.url} 不支持按 "${search}" 筛选: 无论输入什么, 选项都不变`,
    );
  }
}

/** `{{name}}` in a confirm, a message or a URL that names nothing the action sees renders blank. */
function checkPlaceholders(say: Say, action: Action, at: string, rowFields: string[]): void {
  const formFields = Object.keys(action.form?.fields ?? {});
  const known = [...rowFields, ...formFields.flatMap((field) => [`form.${field}`, `labels.${field}`])];
  const texts: Array<[string, string, string[]]> = [
    ...textsOf(action.confirm).map(([lang, text]): [string, string, string[]] => [
      `${at}/confirm/${lang}`,
      text,
      known,
    ]),
    ...textsOf(action.then?.message).map(([lang, text]): [string, string, string[]] => [
      `${at}/then/message/${lang}`,
      text,
      known,
    ]),
  ];
  // A URL's keys, and a query's or body's values written as text (`"id": "{{row.id}}"`), are read like a request's
  // query: from `row`, `rows`, `ids`, `requestNo` and `form`.
  if (action.request) {
    const requestNames = [
      'ids',
      'requestNo',
      ...rowFields.map((field) => `row.${field}`),
      ...formFields.map((field) => `form.${field}`),
    ];
    texts.push([`${at}/request/url`, action.request.url, requestNames]);
    for (const part of ['query', 'body'] as const)
      for (const [key, value] of Object.entries<unknown>(action.request[part] ?? {}))
        if (typeof value === 'string' && value.includes('{{'))
          texts.push([`${at}/request/${part}/${key}`, value, requestNames]);
  }
  for (const [path, text, names] of texts) {
    for (const name of placeholders(text)) {
      const head = name
        .split('.')
        .slice(0, name.startsWith('form.') || name.startsWith('labels.') || name.startsWith('row.') ? 2 : 1)
        .join('.');
      if (names.includes(head)) continue;
      say(
        path,
        name,
        names,
        `{{${name}}} names no field of the row or the form: it shows blank`,
        `{{${name}}} 不是行或表单中的字段: 显示为空`,
      );
    }
  }
}

function sectionFields(sections: ViewSection[] | undefined, base: string) {
  return (sections ?? []).flatMap((section, index) =>
    (section.fields ?? []).map((field, f) => ({ field, path: `${base}/${index}/fields/${f}` })),
  );
}

/** The names nearest to a wrong one, nearest first (five at most): what "did you mean" offers beside its pick. */
function nearestOf(word: string, known: readonly string[]): string[] {
  const lower = word.toLowerCase();
  const score = (name: string) => {
    const other = name.toLowerCase();
    let common = 0;
    while (common < Math.min(lower.length, other.length) && lower[common] === other[common]) common++;
    return (other.includes(lower) || lower.includes(other) ? 100 : 0) + common;
  };
  return [...known].sort((a, b) => score(b) - score(a)).slice(0, 5);
}

const URL_KEYS = new Set(['url', 'list', 'detail', 'submit', 'update', 'remove', 'api', 'childrenUrl']);

/** Every call a definition makes, with its method where the definition says it. */
function urlsOf(node: unknown, path: string, found: Array<{ url: string; path: string; method?: string }> = []) {
  if (Array.isArray(node)) for (const [index, item] of node.entries()) urlsOf(item, `${path}/${index}`, found);
  else if (node && typeof node === 'object') {
    const entry = node as Record<string, unknown>;
    for (const [key, value] of Object.entries(entry)) {
      const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      if (URL_KEYS.has(key) && typeof value === 'string' && value.startsWith('/api/')) {
        const method =
          key === 'url' && typeof entry.method === 'string'
            ? entry.method
            : key === 'url' && path.endsWith('/request')
              ? 'POST'
              : undefined;
        found.push({ url: value, path: at, method });
      } else urlsOf(value, at, found);
    }
  }
  return found;
}

/** Every dictionary a definition names: a column's or a field's `dict`, a `dict` formatter's `code`. */
function dictionariesOf(node: unknown, path: string, found: Array<{ code: string; biz: boolean; path: string }> = []) {
  if (Array.isArray(node)) for (const [index, item] of node.entries()) dictionariesOf(item, `${path}/${index}`, found);
  else if (node && typeof node === 'object') {
    const entry = node as Record<string, unknown>;
    if (entry.name === 'dict' && typeof entry.code === 'string')
      found.push({ code: entry.code, biz: entry.biz === true, path: `${path}/code` });
    const dict = entry.dict as { code?: unknown; biz?: unknown } | string | undefined;
    if (typeof dict === 'string') found.push({ code: dict, biz: entry.biz === true, path: `${path}/dict` });
    else if (dict && typeof dict.code === 'string')
      found.push({ code: dict.code, biz: dict.biz === true, path: `${path}/dict/code` });
    for (const [key, value] of Object.entries(entry))
      if (key !== 'dict') dictionariesOf(value, `${path}/${key}`, found);
  }
  return found;
}
