// Checks a page definition against page.schema.json and against the registry (widget, formatter and action names).
import { customizeValidator } from '@rjsf/validator-ajv8';
import { registry } from '../registry';
import pageSchema from './page.schema.json';
import type { Column, FormSpec, PageDefinition } from './types';

export interface DefinitionProblem {
  /** JSON Pointer into the definition, e.g. `/columns/2/format`. */
  path: string;
  message: string;
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

function describe(error: AjvError): string {
  if (error.keyword === 'additionalProperties') return `unknown property "${String(error.params.additionalProperty)}"`;
  if (error.keyword === 'enum') return `${error.message}: ${(error.params.allowedValues as unknown[]).join(', ')}`;
  return error.message ?? error.keyword;
}

/** ajv reports every failed branch of a oneOf; the deepest error is the one an analyst can act on. */
function schemaProblems(definition: unknown): DefinitionProblem[] {
  const { errors } = schemaValidator.rawValidation<AjvError>(pageSchema as never, definition as never);
  if (!errors?.length) return [];
  const deepest = Math.max(...errors.map((e) => e.instancePath.split('/').length));
  const seen = new Set<string>();
  return errors
    .filter((e) => e.instancePath.split('/').length === deepest && e.keyword !== 'oneOf' && e.keyword !== 'if')
    .map((e) => ({ path: e.instancePath || '/', message: describe(e) }))
    .filter((p) => {
      const key = `${p.path}|${p.message}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

function checkColumns(columns: Column[], base: string, problems: DefinitionProblem[]): void {
  columns.forEach((column, index) => {
    if (!column.format) return;
    const name = typeof column.format === 'string' ? column.format : column.format.name;
    const path = `${base}/${index}/format`;
    const formatter = registry.formatter(name);
    if (!formatter) {
      problems.push({ path, message: `unknown formatter "${name}"`, known: registry.formatterNames() });
      return;
    }
    if (typeof column.format === 'object' && formatter.optionsSchema) {
      const { name: _name, ...options } = column.format;
      const { errors } = schemaValidator.rawValidation<AjvError>(formatter.optionsSchema as never, options as never);
      for (const error of errors ?? []) problems.push({ path: path + error.instancePath, message: describe(error) });
    }
  });
}

function checkForm(form: FormSpec, columns: Column[], base: string, problems: DefinitionProblem[]): void {
  const fields = Object.keys(form.schema.properties);
  const labelled = new Set(columns.map((c) => c.field));
  for (const field of fields) {
    if (!labelled.has(field) && !form.schema.properties[field].title) {
      problems.push({ path: `${base}/schema/properties/${field}`, message: `no column gives "${field}" a label` });
    }
  }
  for (const [field, ui] of Object.entries(form.uiSchema ?? {})) {
    const widget = (ui as Record<string, unknown> | undefined)?.['ui:widget'];
    if (typeof widget === 'string' && !rjsfWidgets.includes(widget) && !registry.widget(widget)) {
      problems.push({
        path: `${base}/uiSchema/${field}/ui:widget`,
        message: `unknown widget "${widget}"`,
        known: [...registry.widgetNames(), ...rjsfWidgets].sort(),
      });
    }
  }
  for (const field of Object.keys(form.messages ?? {})) {
    if (!fields.includes(field))
      problems.push({ path: `${base}/messages/${field}`, message: `"${field}" is not a form field` });
  }
  for (const [mode, rule] of Object.entries(form.modes ?? {})) {
    for (const kind of ['hidden', 'disabled'] as const) {
      (rule?.[kind] ?? []).forEach((field, index) => {
        if (!fields.includes(field))
          problems.push({ path: `${base}/modes/${mode}/${kind}/${index}`, message: `"${field}" is not a form field` });
      });
    }
  }
}

export function validateDefinition(definition: unknown): DefinitionProblem[] {
  const problems = schemaProblems(definition);
  if (problems.length) return problems;
  const page = definition as PageDefinition;
  checkColumns(page.columns, '/columns', problems);
  if (page.form) checkForm(page.form, page.columns, '/form', problems);
  if (page.child) {
    checkColumns(page.child.columns, '/child/columns', problems);
    if (page.child.form) checkForm(page.child.form, page.child.columns, '/child/form', problems);
  }
  for (const list of ['rowActions', 'toolbarActions'] as const) {
    (page[list] ?? []).forEach((action, index) => {
      if (action.action && !registry.action(action.action)) {
        problems.push({
          path: `/${list}/${index}/action`,
          message: `unknown action "${action.action}"`,
          known: registry.actionNames(),
        });
      }
    });
  }
  if (page.layout === 'tree' && !page.tree) problems.push({ path: '/tree', message: 'layout "tree" needs "tree"' });
  if (page.layout === 'leftTree' && !page.leftTree)
    problems.push({ path: '/leftTree', message: 'layout "leftTree" needs "leftTree"' });
  if (page.layout === 'parentChild' && !page.child)
    problems.push({ path: '/child', message: 'layout "parentChild" needs "child"' });
  return problems;
}
