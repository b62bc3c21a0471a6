// Finds the formatter a column names, with the options the definition gives it.
import type { Registry } from '../registry';
import type { FormatSpec } from '../schema/types';

export function formatterOf(spec: FormatSpec | undefined, registry: Registry) {
  if (!spec) return undefined;
  const { name, ...options } = typeof spec === 'string' ? { name: spec } : spec;
  const formatter = registry.formatter(name);
  return formatter ? { formatter, options } : undefined;
}
