// Builds the rjsf schema and uiSchema of one form mode: titles in the current language, hidden and disabled fields.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Column, FormMode, FormSpec, Label } from '../schema/types';

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

const ENTERED = new Set(['textarea', 'password', 'number', 'money']);
const CHOSEN = new Set(['select', 'dictSelect', 'treeSelect', 'iconPicker']);

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
