// Checks a page definition against page.schema.json and against the names of widgets, formatters and actions. The
// compiled schemas are given (an operator's console gets them from validate.ts, the checks from compiled.ts), so this
// module runs alike in the browser, in node and in the build.
import type * as CompiledSchemas from 'virtual:definition-validator';
import { tabsProblems } from '../blocks/tabs/check';
import { viewProblems } from '../blocks/view/check';
import { eachBlock } from '../blocks/walk';
import { widgetNameOf } from '../form/widget-name';
import type { RegistryNames } from '../registry-names';
import { closest } from './closest';
import { limitProblems } from './limits';
import { rjsfWidgets } from './rjsf-widgets';
import type { Column, FormatSpec, FormDefinition, ListBlock, PageDefinition } from './types';

export interface DefinitionProblem {
  /** The file the definition was read from (`pages/business/order.json`), when the check was told. */
  file?: string;
  /** Line and column (from 1) of the place in the file, when the check had its text. */
  line?: number;
  column?: number;
  /** JSON Pointer into the definition, e.g. `/columns/2/format`. */
  path: string;
  /** The problem in English (also what tests and logs read). */
  message: string;
  /** The same problem in Chinese. */
  zh: string;
  /** The wrong word itself (a field, a code, a URL), when the problem is one. */
  word?: string;
  /** For an unknown name: the names that exist. */
  known?: string[];
  /** For an unknown key or name: the known one it is nearest to ("did you mean …"). */
  suggestion?: string;
}

/** An unknown name, with the names that exist and the one it most likely means. */
function unknownName(name: string, known: readonly string[]): Pick<DefinitionProblem, 'known' | 'suggestion'> {
  const suggestion = closest(name, known);
  return suggestion ? { known: [...known], suggestion } : { known: [...known] };
}

/** The compiled page and option validators, and the keys of each closed object. */
export type Validators = typeof CompiledSchemas;

/** What a definition is checked against: the compiled schemas and the registry's names. */
export interface Known {
  validators: Validators;
  names: RegistryNames;
}

type AjvError = NonNullable<Validators['validatePage']['errors']>[number];

type Described = Pick<DefinitionProblem, 'message' | 'zh' | 'suggestion'>;

/** The value at a JSON Pointer of the definition. */
function at(data: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node as Record<string, unknown> | undefined)?.[key.replace(/~1/g, '/').replace(/~0/g, '~')],
      data,
    );
}

/**
 * The keys the object at `pointer` may have: those of the schema's closed objects that allow the most of the keys it
 * already has right.
 */
function keysAllowedAt(
  closedObjects: Validators['closedObjects'],
  data: unknown,
  pointer: string,
  schema: string,
  unknownKey: string,
): string[] {
  const value = at(data, pointer);
  const present = value && typeof value === 'object' ? Object.keys(value).filter((key) => key !== unknownKey) : [];
  const objects = closedObjects[schema] ?? [];
  const fit = (keys: string[]) => present.filter((key) => keys.includes(key)).length;
  const best = Math.max(0, ...objects.map(fit));
  return [...new Set(objects.filter((keys) => fit(keys) === best).flat())];
}

/** `schema` is `page` or the option schema the error comes from; `data` what it checked. */
function describe(
  closedObjects: Validators['closedObjects'],
  error: AjvError,
  data: unknown,
  schema = 'page',
): Described {
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    const suggestion = closest(name, keysAllowedAt(closedObjects, data, error.instancePath, schema, name));
    const said = { message: `unknown property "${name}"`, zh: `未知的属性 "${name}"` };
    return suggestion ? { ...said, suggestion } : said;
  }
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return { message: `must have property "${name}"`, zh: `缺少属性 "${name}"` };
  }
  if (error.keyword === 'enum') {
    const values = error.params.allowedValues as unknown[];
    const allowed = values.join(', ');
    const said = { message: `must be one of: ${allowed}`, zh: `只能是以下之一: ${allowed}` };
    const value = at(data, error.instancePath);
    const suggestion = typeof value === 'string' ? closest(value, values.map(String)) : undefined;
    return suggestion ? { ...said, suggestion } : said;
  }
  const message = error.message ?? error.keyword;
  return { message, zh: `不符合规则: ${message}` };
}

/** ajv reports every failed branch of a oneOf; the deepest error is the one an analyst can act on. */
function schemaProblems(definition: unknown, { validatePage, closedObjects }: Validators): DefinitionProblem[] {
  if (validatePage(definition)) return [];
  const errors = validatePage.errors ?? [];
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const seen = new Set<string>();
  return errors
    .filter((e) => e.instancePath.split('/').length === deepest && e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => ({ path: e.instancePath || '/', ...describe(closedObjects, e, definition) }))
    .filter((p) => {
      const key = `${p.path}|${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function checkColumns(columns: Column[], base: string, problems: DefinitionProblem[], known: Known): void {
  columns.forEach((column, index) => {
    const search = column.search;
    const searchKind = typeof search === 'object' ? search.type : search;
    if (searchKind === 'dict' && !column.dict) {
      problems.push({
        path: `${base}/${index}/search`,
        message: `a dictionary search needs the column's "dict"`,
        zh: `按字典搜索需要列的 "dict"`,
      });
    }
    const format = column.format;
    const path = `${base}/${index}/format`;
    if (typeof format === 'object' && format.name === 'dict') {
      const code = String(format.code ?? '…');
      problems.push({
        path,
        message: `a dictionary is given with "dict": "${code}"`,
        zh: `字典写在列的 "dict" 中: "dict": "${code}"`,
      });
      return;
    }
    if (format) checkFormat(format, path, problems, known);
  });
}

function checkFormat(format: FormatSpec, path: string, problems: DefinitionProblem[], known: Known): void {
  const name = typeof format === 'string' ? format : format.name;
  if (!known.names.formatters.includes(name)) {
    problems.push({
      path,
      message: `unknown formatter "${name}"`,
      zh: `未知的格式 "${name}"`,
      ...unknownName(name, known.names.formatters),
    });
    return;
  }
  if (typeof format === 'object') {
    const { name: _name, ...options } = format;
    checkOptions({ kind: 'formatters', name }, options, path, problems, known.validators);
  }
}

const kindWords = {
  formatters: { en: 'formatter', zh: '格式' },
  widgets: { en: 'widget', zh: '控件' },
  actions: { en: 'action', zh: '操作' },
} as const;

/**
 * Options against those declared for the name (runtime/schema/options.schema.json). A name that declares none takes
 * none: an option given to it would be ignored without a word, so it is refused.
 */
function checkOptions(
  { kind, name }: { kind: keyof typeof kindWords; name: string },
  options: unknown,
  path: string,
  problems: DefinitionProblem[],
  { optionValidators, closedObjects }: Validators,
) {
  const validateOptions = optionValidators[`${kind}/${name}`];
  if (!validateOptions) {
    const given = options && typeof options === 'object' ? Object.keys(options) : [];
    for (const key of given)
      problems.push({
        path: `${path}/${key}`,
        message: `unknown property "${key}": the ${kindWords[kind].en} "${name}" declares no options`,
        zh: `未知的属性 "${key}"：${kindWords[kind].zh} "${name}" 没有声明任何选项`,
        word: key,
      });
    return;
  }
  if (validateOptions(options)) return;
  for (const error of validateOptions.errors ?? [])
    problems.push({ path: path + error.instancePath, ...describe(closedObjects, error, options, `${kind}/${name}`) });
}

function checkForm(
  form: FormDefinition,
  columns: Column[],
  base: string,
  problems: DefinitionProblem[],
  known: Known,
): void {
  const labelled = new Set(columns.map((c) => c.field));
  const byField = new Map(columns.map((column) => [column.field, column]));
  for (const [name, field] of Object.entries(form.fields)) {
    const path = `${base}/fields/${name}`;
    if (!labelled.has(name) && !field.label) {
      problems.push({
        path,
        message: `"${name}" has no column; give it a "label"`,
        zh: `"${name}" 没有对应的列,请给它 "label"`,
      });
    }
    const widget = field.widget;
    const unknown = widget !== undefined && !rjsfWidgets.includes(widget) && !known.names.widgets.includes(widget);
    if (unknown) {
      problems.push({
        path: `${path}/widget`,
        message: `unknown widget "${widget}"`,
        zh: `未知的控件 "${widget}"`,
        ...unknownName(widget, [...known.names.widgets, ...rjsfWidgets].sort()),
      });
    }
    if (widget !== undefined && !unknown)
      checkOptions(
        { kind: 'widgets', name: widget },
        field.options ?? {},
        `${path}/options`,
        problems,
        known.validators,
      );
    // A field naming no widget is drawn with the one its dictionary, format or type implies, rjsf's text input else.
    if (widget === undefined && field.options !== undefined) {
      const drawnWith = widgetNameOf(field, byField.get(name)) ?? 'text';
      checkOptions({ kind: 'widgets', name: drawnWith }, field.options, `${path}/options`, problems, known.validators);
    }
  }
}

/** The problems of a definition against its limits, the schemas and the names of widgets, formatters and actions. */
export function definitionProblems(definition: unknown, known: Known): DefinitionProblem[] {
  // A definition past its limits is named for that alone: checked further it would only be slower to say more.
  const oversize = limitProblems(definition);
  if (oversize.length) return oversize;
  const problems = schemaProblems(definition, known.validators);
  if (problems.length) return problems;
  for (const { block, path } of eachBlock((definition as PageDefinition).blocks, '/blocks')) {
    if (block.type === 'list') checkList(block, path, problems, known);
    if (block.type === 'view') {
      checkColumns(block.columns, `${path}/columns`, problems, known);
      problems.push(...viewProblems(block.sections, block.columns, `${path}/sections`));
    }
    if (block.type === 'tabs') problems.push(...tabsProblems(block, path));
    if (block.type === 'chart' && block.category.format)
      checkFormat(block.category.format, `${path}/category/format`, problems, known);
  }
  return problems;
}

function checkList(page: ListBlock, base: string, problems: DefinitionProblem[], known: Known): void {
  checkColumns(page.columns, `${base}/columns`, problems, known);
  if (page.form) checkForm(page.form, page.columns, `${base}/form`, problems, known);
  problems.push(...viewProblems(page.view?.sections, page.columns, `${base}/view/sections`));
  if (page.child) {
    checkColumns(page.child.columns, `${base}/child/columns`, problems, known);
    if (page.child.form) checkForm(page.child.form, page.child.columns, `${base}/child/form`, problems, known);
  }
  for (const list of ['rowActions', 'toolbarActions'] as const) {
    (page[list] ?? []).forEach((action, index) => {
      if (action.action && !known.names.actions.includes(action.action)) {
        problems.push({
          path: `${base}/${list}/${index}/action`,
          message: `unknown action "${action.action}"`,
          zh: `未知的操作 "${action.action}"`,
          ...unknownName(action.action, known.names.actions),
        });
      }
      const path = `${base}/${list}/${index}`;
      if (action.options !== undefined && action.action === undefined)
        problems.push({
          path: `${path}/options`,
          message: 'options are handed to a registered action: this one names none in "action"',
          zh: '选项是传给已注册操作的：此操作没有在 "action" 中指定',
        });
      if (action.action && known.names.actions.includes(action.action) && action.options !== undefined)
        checkOptions(
          { kind: 'actions', name: action.action },
          action.options,
          `${path}/options`,
          problems,
          known.validators,
        );
      if (action.form) checkForm({ fields: action.form.fields ?? {} }, page.columns, `${path}/form`, problems, known);
      // The rows of a file are checked against the list's form fields, so there is nothing to import into without it.
      if (action.import && !page.form)
        problems.push({
          path: `${path}/import`,
          message: 'an import needs the list to have a form',
          zh: '导入需要列表有 form',
        });
    });
  }
  if (page.card) checkCard(page, `${base}/card`, problems);
  const needs = { tree: page.tree, leftTree: page.leftTree, parentChild: page.child } as const;
  const part = { tree: 'tree', leftTree: 'leftTree', parentChild: 'child' } as const;
  if (page.layout && page.layout !== 'list' && !needs[page.layout]) {
    const name = part[page.layout];
    problems.push({
      path: `${base}/${name}`,
      message: `layout "${page.layout}" needs "${name}"`,
      zh: `布局 "${page.layout}" 需要 "${name}"`,
    });
  }
}

/** A phone card names columns of its list, and a button its rows can offer. */
function checkCard(page: ListBlock, base: string, problems: DefinitionProblem[]): void {
  const fields = page.columns.map((column) => column.field);
  (page.card?.fields ?? []).forEach((field, index) => {
    if (fields.includes(field)) return;
    problems.push({
      path: `${base}/fields/${index}`,
      message: `"${field}" is not a column of the list`,
      zh: `"${field}" 不是列表的列`,
      word: field,
      ...unknownName(field, fields),
    });
  });
  const primary = page.card?.primary;
  const buttons = ['view', 'edit', 'delete', 'child', ...(page.rowActions ?? []).map((action) => action.id)];
  if (primary !== undefined && !buttons.includes(primary))
    problems.push({
      path: `${base}/primary`,
      message: `unknown row button "${primary}"`,
      zh: `未知的行按钮 "${primary}"`,
      word: primary,
      ...unknownName(primary, buttons),
    });
}
