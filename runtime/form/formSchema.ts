// Builds the rjsf schema and uiSchema of a form: first from a list's form fields and its columns (labels, dictionaries,
// formats), then per mode: titles in the current language, hidden and disabled fields, placeholders.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { dictionaryOf } from '../crud/fields';
import { evaluate } from '../logic/evaluate';
import type {
  Column,
  FormDefinition,
  FormField,
  FormMode,
  FormSpec,
  InModes,
  JsonSchemaObject,
  Label,
  Logic,
  Row,
} from '../schema/types';
import { widgetNameOf } from './widget-name';

const MODES: FormMode[] = ['add', 'edit', 'view'];
const RULES = ['pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'enum'] as const;

const formatName = (column: Column | undefined) =>
  typeof column?.format === 'object' ? column.format.name : column?.format;

/** The list a `lookup` column's cells read, which its form field chooses from. */
function lookupListOf(column: Column | undefined): Record<string, unknown> | undefined {
  if (typeof column?.format !== 'object' || column.format.name !== 'lookup') return undefined;
  const { url, labelField, valueField, filters } = column.format;
  return { url, labelField, ...(valueField ? { valueField } : {}), ...(filters ? { filters } : {}) };
}

/** The widget a field gets (widget-name.ts) and the options it is handed. */
function widgetOf(
  field: FormField,
  column: Column | undefined,
): { widget?: string; options?: Record<string, unknown> } {
  const dict = dictionaryOf(field.dict ?? column?.dict);
  const options = { ...(dict ? { dict: dict.code, ...(dict.biz ? { biz: true } : {}) } : {}), ...field.options };
  const widget = widgetNameOf(field, column);
  const lookup = lookupListOf(column);
  // A lookup column's select takes its list from the column; the field may add a cascade or a choice of several.
  if (widget === 'lookupSelect' && lookup) return { widget, options: { ...lookup, ...options } };
  if (field.widget) return { widget, options };
  if (widget === 'hidden') return { widget };
  if (widget === 'date' && formatName(column) === 'datetime') return { widget, options: { time: true, ...options } };
  return widget ? { widget, options } : { options };
}

const modesOf = (value: InModes | undefined): FormMode[] => (value === true ? MODES : (value ?? []));

function addTo(modes: NonNullable<FormSpec['modes']>, mode: FormMode, kind: 'hidden' | 'disabled', field: string) {
  const rule = modes[mode] ?? {};
  rule[kind] = [...(rule[kind] ?? []), field];
  modes[mode] = rule;
}

/** A list's or an action's form as rjsf draws it, and the label of each of its fields (the column's unless the form gives one). */
export function compileForm(definition: FormDefinition, columns: Column[]): { form: FormSpec; labels: Column[] } {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const properties: JsonSchemaObject['properties'] = {};
  const uiSchema: Record<string, Record<string, unknown>> = {};
  const messages: NonNullable<FormSpec['messages']> = {};
  const placeholders: NonNullable<FormSpec['placeholders']> = {};
  const defaults: Record<string, unknown> = {};
  const modes: NonNullable<FormSpec['modes']> = {};
  const conditions: Record<string, Logic> = {};
  const labels: Column[] = [];
  for (const [name, field] of Object.entries(definition.fields)) {
    const column = byField.get(name);
    const property: Record<string, unknown> = { type: field.type ?? 'string' };
    for (const rule of RULES) if (field[rule] !== undefined) property[rule] = field[rule];
    properties[name] = property;
    const { widget, options } = widgetOf(field, column);
    const ui: Record<string, unknown> = {};
    if (widget) ui['ui:widget'] = widget;
    if (options && Object.keys(options).length) ui['ui:options'] = options;
    if (Object.keys(ui).length) uiSchema[name] = ui;
    if (field.messages) messages[name] = field.messages;
    if (field.placeholder) placeholders[name] = field.placeholder;
    if (field.default !== undefined) defaults[name] = field.default;
    // `hidden: true` keeps the field as a hidden value (a parent's id); hidden in some modes leaves it out of those.
    if (field.hidden !== true) for (const mode of modesOf(field.hidden)) addTo(modes, mode, 'hidden', name);
    for (const mode of modesOf(field.disabled)) addTo(modes, mode, 'disabled', name);
    if (field.visibleWhen !== undefined) conditions[name] = field.visibleWhen;
    const label = field.label ?? column?.label;
    if (label) labels.push({ field: name, label });
  }
  const required = Object.entries(definition.fields)
    .filter(([, field]) => field.required)
    .map(([name]) => name);
  return {
    form: {
      schema: { type: 'object', required, properties },
      uiSchema,
      messages,
      placeholders,
      defaults,
      modes,
      ...(Object.keys(conditions).length ? { conditions } : {}),
    },
    labels,
  };
}

/**
 * A form's schema from its fields alone, as the build and the server compile its validators and as a dialog made of
 * several forms finds theirs: one function, so the schemas (and the hashes their validators are found by) agree.
 */
export const fieldsSchema = (fields: FormDefinition['fields']): RJSFSchema =>
  compileForm({ fields }, []).form.schema as RJSFSchema;

/** A field hidden in a mode leaves that mode's schema, so it is neither shown nor required (a user's password on edit). */
export function modeSchema(
  spec: FormSpec,
  columns: Column[],
  text: (label: Label) => string,
  mode: FormMode,
): RJSFSchema {
  const titles = new Map(columns.map((column) => [column.field, text(column.label)]));
  const hidden = new Set(spec.modes?.[mode]?.hidden ?? []);
  const properties = Object.fromEntries(
    Object.entries(spec.schema.properties)
      .filter(([field]) => !hidden.has(field))
      .map(([field, property]) => [field, { ...property, title: titles.get(field) ?? property.title }]),
  );
  const required = spec.schema.required?.filter((field) => !hidden.has(field));
  return { ...spec.schema, properties, required } as RJSFSchema;
}

/** The fields whose `visibleWhen` does not hold over the values entered so far. */
export function unmetFields(conditions: FormSpec['conditions'], values: Row): string[] {
  return Object.keys(conditions ?? {}).filter((field) => !evaluate(conditions?.[field], values, true));
}

/** The schema without those fields. */
export function shownSchema(schema: RJSFSchema, unmet: string[]): RJSFSchema {
  if (unmet.length === 0) return schema;
  return {
    ...schema,
    properties: Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([field]) => !unmet.includes(field))),
    required: schema.required?.filter((field) => !unmet.includes(field)),
  };
}

const ENTERED = new Set(['textarea', 'password', 'number', 'money']);
const CHOSEN = new Set(['select', 'dictSelect', 'treeSelect', 'lookupSelect', 'iconPicker']);
/** Fields whose value is picked rather than typed; an empty one asks 请选择…. */
const PICKED = new Set([
  ...CHOSEN,
  'dictRadio',
  'radio',
  'checkbox',
  'checkboxes',
  'switch',
  'date',
  'dateRange',
  'imageUpload',
]);

export interface Prompts {
  enter: (field: string) => string;
  select: (field: string) => string;
}

/** What a field's placeholder asks for: typed text and numbers are entered, options are selected. */
function promptKind(property: Record<string, unknown>, widget: unknown): keyof Prompts | undefined {
  if (widget === undefined) {
    if (property.enum) return 'select';
    return ['string', 'number', 'integer'].includes(String(property.type)) ? 'enter' : undefined;
  }
  if (ENTERED.has(String(widget))) return 'enter';
  return CHOSEN.has(String(widget)) ? 'select' : undefined;
}

/** What an empty required field says: 请选择用户平台 for a field picked from options, else 请输入参数名称. */
export function requiredPrompt(property: Record<string, unknown> | undefined, widget: unknown): keyof Prompts {
  return property?.enum || PICKED.has(String(widget)) ? 'select' : 'enter';
}

/** `prompts` gives fields without a `ui:placeholder` one naming the field (请输入参数名称), except in view. */
export function modeUiSchema(spec: FormSpec, mode: FormMode, prompts?: Prompts): UiSchema {
  const ui: Record<string, Record<string, unknown>> = {};
  for (const [field, entry] of Object.entries(spec.uiSchema ?? {})) {
    ui[field] = typeof entry === 'object' && entry !== null ? { ...(entry as Record<string, unknown>) } : {};
  }
  for (const field of spec.modes?.[mode]?.disabled ?? []) ui[field] = { ...ui[field], 'ui:disabled': true };
  if (prompts && mode !== 'view') {
    for (const [field, property] of Object.entries(spec.schema.properties)) {
      const kind = promptKind(property, ui[field]?.['ui:widget']);
      if (kind && ui[field]?.['ui:placeholder'] === undefined) {
        ui[field] = { ...ui[field], 'ui:placeholder': prompts[kind](field) };
      }
    }
  }
  return { ...ui, 'ui:submitButtonOptions': { norender: true } };
}
