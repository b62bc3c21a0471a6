// The widget a form field is drawn with: the one it names, or the one its dictionary, its column's format or its type
// implies. The form (formSchema.ts) draws it and the page check (runtime/schema/definition-problems.ts) checks the
// field's options against that widget's declared ones, so both read it here.
import type { Column, FormField } from '../schema/types';

const formatName = (column: Column | undefined) =>
  typeof column?.format === 'object' ? column.format.name : column?.format;

/** The widget's name; none for rjsf's plain input of the field's type. */
export function widgetNameOf(field: FormField, column: Column | undefined): string | undefined {
  if (field.widget) return field.widget;
  if (field.hidden === true) return 'hidden';
  if ((field.dict ?? column?.dict) !== undefined) return 'dictSelect';
  const format = formatName(column);
  if (format === 'money') return 'money';
  if (format === 'lookup') return 'lookupSelect';
  if (format === 'date' || format === 'datetime') return 'date';
  if ((field.type === 'integer' || field.type === 'number') && !field.enum) return 'number';
  return undefined;
}
