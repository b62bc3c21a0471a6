// The query parameters a search entry sends, read by the list's search and by the checks of a definition.
import type { SearchField } from '../schema/types';

/** The parameters a search entry sends: the field for text, `_equal` for a choice, a pair for a range. */
export function filterParams(field: SearchField): string[] {
  if (field.sendAs) return field.sendAs;
  switch (field.type) {
    case 'dateRange':
      return [`${field.field}_dategt`, `${field.field}_datelt`];
    case 'numberRange':
      return [`${field.field}_ge`, `${field.field}_le`];
    case 'dict':
    case 'lookup':
      return [`${field.field}_equal`];
    default:
      return [field.field];
  }
}
