// Renders one value through the column's formatter (or as text).
import { registry } from '../registry';
import type { FormatSpec, Row } from '../schema/types';

export function formatterOf(spec: FormatSpec | undefined) {
  if (!spec) return undefined;
  const { name, ...options } = typeof spec === 'string' ? { name: spec } : spec;
  const formatter = registry.formatter(name);
  return formatter ? { formatter, options } : undefined;
}

export function FormattedValue({ spec, value, row }: { spec: FormatSpec | undefined; value: unknown; row: Row }) {
  const found = formatterOf(spec);
  if (!found) return <>{value === undefined || value === null ? '' : String(value)}</>;
  const { Cell } = found.formatter;
  return <Cell value={value} row={row} options={found.options} />;
}
