// The fields an Excel import fills: the list's form fields, labelled like the form, with their dictionaries.
import { compileForm } from '../../form/formSchema';
import type { Label, ListScreen } from '../../schema/types';

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

export function importFields(screen: ListScreen): ImportField[] {
  if (!screen.form) return [];
  const { form, labels } = compileForm(screen.form, screen.columns);
  const required = new Set(form.schema.required ?? []);
  const uiSchema = form.uiSchema ?? {};
  return Object.entries(form.schema.properties).map(([field, property]) => ({
    field,
    label: labels.find((l) => l.field === field)?.label ?? { zh: field, en: field },
    type: typeof property.type === 'string' ? property.type : undefined,
    required: required.has(field),
    dict: dictOfWidget(uiSchema[field]),
  }));
}
