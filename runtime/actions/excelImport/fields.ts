// The fields an Excel import fills: the list's form fields, labelled like its columns, with their dictionaries.
import type { Column, Label, ListScreen } from '../../schema/types';

export interface ImportField {
  field: string;
  label: Label;
  type?: string;
  required: boolean;
  dict?: { code: string; biz: boolean };
}

const dictOfWidget = (ui: unknown): ImportField['dict'] => {
  const options = (ui as { 'ui:widget'?: string; 'ui:options'?: { dict?: string; biz?: boolean } } | undefined) ?? {};
  const widget = options['ui:widget'];
  const dict = options['ui:options']?.dict;
  if ((widget === 'dictSelect' || widget === 'dictRadio') && dict)
    return { code: dict, biz: Boolean(options['ui:options']?.biz) };
  return undefined;
};

const dictOfColumn = (column: Column | undefined): ImportField['dict'] => {
  const format = column?.format;
  if (typeof format !== 'object' || format.name !== 'dict' || typeof format.code !== 'string') return undefined;
  return { code: format.code, biz: Boolean(format.biz) };
};

export function importFields(screen: ListScreen): ImportField[] {
  const form = screen.form;
  if (!form) return [];
  const required = new Set(form.schema.required ?? []);
  const uiSchema = form.uiSchema ?? {};
  return Object.entries(form.schema.properties).map(([field, property]) => {
    const column = screen.columns.find((c) => c.field === field);
    const title = typeof property.title === 'string' ? property.title : field;
    return {
      field,
      label: column?.label ?? { zh: title, en: title },
      type: typeof property.type === 'string' ? property.type : undefined,
      required: required.has(field),
      dict: dictOfWidget(uiSchema[field]) ?? dictOfColumn(column),
    };
  });
}
