// In an action's form a select's list may depend on what the action started from: a filter's value written as
// json-logic is computed over the action's data (`{ "ids": { "var": "ids" } }`: the price plans that fit the ticked
// devices), a constant stays as it is.
import { computeValues } from '../logic/evaluate';
import type { FormField, Row } from '../schema/types';

export function withPickerFilters(fields: Record<string, FormField>, data: Row): Record<string, FormField> {
  const out: Record<string, FormField> = {};
  for (const [name, field] of Object.entries(fields)) {
    const filters = field.options?.filters as Record<string, unknown> | undefined;
    out[name] =
      field.widget === 'lookupSelect' && filters
        ? { ...field, options: { ...field.options, filters: computeValues(filters, data) } }
        : field;
  }
  return out;
}
