// Checks a page definition against page.schema.json and against the registry (widget, formatter and action names).
import { customizeValidator } from '@rjsf/validator-ajv8';
import { registry as consoleRegistry, type Registry } from '../registry';
import pageSchema from './page.schema.json';
import type { Column, FormSpec, ListBlock, PageDefinition } from './types';

export interface DefinitionProblem {
  /** JSON Pointer into the definition, e.g. `/columns/2/format`. */
  path: string;
  /** The problem in English (also what tests and logs read). */
  message: string;
  /** The same problem in Chinese. */
  zh: string;
  /** For an unknown name: the names that exist. */
  known?: string[];
}

/** Widgets that rjsf itself provides, usable by name in uiSchema. */
const rjsfWidgets = [
  'text',
  'textarea',
  'password',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'hidden',
  'updown',
  'email',
  'uri',
];

const schemaValidator = customizeValidator();

interface AjvError {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

function describe(error: AjvError): { message: string; zh: string } {
  if (error.keyword === 'additionalProperties') {
    const name = String(error.params.additionalProperty);
    return { message: `unknown property "${name}"`, zh: `未知的属性 "${name}"` };
  }
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return { message: `must have property "${name}"`, zh: `缺少属性 "${name}"` };
  }
  if (error.keyword === 'enum') {
    const allowed = (error.params.allowedValues as unknown[]).join(', ');
    return { message: `must be one of: ${allowed}`, zh: `只能是以下之一: ${allowed}` };
  }
  const message = error.message ?? error.keyword;
  return { message, zh: `不符合规则: ${message}` };
}

/** ajv reports every failed branch of a oneOf; the deepest error is the one an analyst can act on. */
function schemaProblems(definition: unknown): DefinitionProblem[] {
  const { errors } = schemaValidator.rawValidation<AjvError>(pageSchema as never, definition as never);
  if (!errors?.length) return [];
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const seen = new Set<string>();
  return errors
    .filter((e) => e.instancePath.split('/').length === deepest && e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => ({ path: e.instancePath || '/', ...describe(e) }))
    .filter((p) => {
      const key = `${p.path}|${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

const notAField = (field: string) => ({ message: `"${field}" is not a form field`, zh: `"${field}" 不是表单字段` });

function checkColumns(columns: Column[], base: string, problems: DefinitionProblem[], registry: Registry): void {
  columns.forEach((column, index) => {
    if (!column.format) return;
    const name = typeof column.format === 'string' ? column.format : column.format.name;
    const path = `${base}/${index}/format`;
    const formatter = registry.formatter(name);
    if (!formatter) {
      problems.push({
        path,
        message: `unknown formatter "${name}"`,
        zh: `未知的格式 "${name}"`,
        known: registry.formatterNames(),
      });
      return;
    }
    if (typeof column.format === 'object' && formatter.optionsSchema) {
      const { name: _name, ...options } = column.format;
      const { errors } = schemaValidator.rawValidation<AjvError>(formatter.optionsSchema as never, options as never);
      for (const error of errors ?? []) problems.push({ path: path + error.instancePath, ...describe(error) });
    }
  });
}

function checkForm(
  form: FormSpec,
  columns: Column[],
  base: string,
  problems: DefinitionProblem[],
  registry: Registry,
): void {
  const fields = Object.keys(form.schema.properties);
  const labelled = new Set(columns.map((c) => c.field));
  for (const field of fields) {
    if (!labelled.has(field) && !form.schema.properties[field].title) {
      problems.push({
        path: `${base}/schema/properties/${field}`,
        message: `no column gives "${field}" a label`,
        zh: `没有列为 "${field}" 提供标签`,
      });
    }
  }
  for (const [field, ui] of Object.entries(form.uiSchema ?? {})) {
    const widget = (ui as Record<string, unknown> | undefined)?.['ui:widget'];
    if (typeof widget === 'string' && !rjsfWidgets.includes(widget) && !registry.widget(widget)) {
      problems.push({
        path: `${base}/uiSchema/${field}/ui:widget`,
        message: `unknown widget "${widget}"`,
        zh: `未知的控件 "${widget}"`,
        known: [...registry.widgetNames(), ...rjsfWidgets].sort(),
      });
    }
  }
  for (const field of Object.keys(form.messages ?? {})) {
    if (!fields.includes(field)) problems.push({ path: `${base}/messages/${field}`, ...notAField(field) });
  }
  for (const [mode, rule] of Object.entries(form.modes ?? {})) {
    for (const kind of ['hidden', 'disabled'] as const) {
      (rule?.[kind] ?? []).forEach((field, index) => {
        if (!fields.includes(field))
          problems.push({ path: `${base}/modes/${mode}/${kind}/${index}`, ...notAField(field) });
      });
    }
  }
}

/** `registry` names the widgets, formatters and actions a definition may use (the console's unless given). */
export function validateDefinition(definition: unknown, registry: Registry = consoleRegistry): DefinitionProblem[] {
  const problems = schemaProblems(definition);
  if (problems.length) return problems;
  (definition as PageDefinition).blocks.forEach((block, index) => {
    if (block.type === 'list') checkList(block, `/blocks/${index}`, problems, registry);
  });
  return problems;
}

function checkList(page: ListBlock, base: string, problems: DefinitionProblem[], registry: Registry): void {
  checkColumns(page.columns, `${base}/columns`, problems, registry);
  if (page.form) checkForm(page.form, page.columns, `${base}/form`, problems, registry);
  if (page.child) {
    checkColumns(page.child.columns, `${base}/child/columns`, problems, registry);
    if (page.child.form) checkForm(page.child.form, page.child.columns, `${base}/child/form`, problems, registry);
  }
  for (const list of ['rowActions', 'toolbarActions'] as const) {
    (page[list] ?? []).forEach((action, index) => {
      if (action.action && !registry.action(action.action)) {
        problems.push({
          path: `${base}/${list}/${index}/action`,
          message: `unknown action "${action.action}"`,
          zh: `未知的操作 "${action.action}"`,
          known: registry.actionNames(),
        });
      }
    });
  }
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
