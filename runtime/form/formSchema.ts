// Builds the rjsf schema and uiSchema of one form mode: titles in the current language, hidden and disabled fields.
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { Column, FormMode, FormSpec, Label } from '../schema/types';

export function labelledSchema(spec: FormSpec, columns: Column[], text: (label: Label) => string): RJSFSchema {
  const titles = new Map(columns.map((column) => [column.field, text(column.label)]));
  const properties = Object.fromEntries(
    Object.entries(spec.schema.properties).map(([field, property]) => [
      field,
      { ...property, title: titles.get(field) ?? property.title },
    ]),
  );
  return { ...spec.schema, properties } as RJSFSchema;
}

export function modeUiSchema(spec: FormSpec, mode: FormMode): UiSchema {
  const ui: Record<string, Record<string, unknown>> = {};
  for (const [field, entry] of Object.entries(spec.uiSchema ?? {})) {
    ui[field] = typeof entry === 'object' && entry !== null ? { ...(entry as Record<string, unknown>) } : {};
  }
  const rule = spec.modes?.[mode];
  for (const field of rule?.hidden ?? []) ui[field] = { ...ui[field], 'ui:widget': 'hidden' };
  for (const field of rule?.disabled ?? []) ui[field] = { ...ui[field], 'ui:disabled': true };
  return { ...ui, 'ui:submitButtonOptions': { norender: true } };
}
