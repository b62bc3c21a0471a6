// Rows of a tree (`children`) in their order on screen: each row, then its children after it.
import type { Row } from '../schema/types';

export function flatRows(rows: Row[]): Row[] {
  return rows.flatMap((row) => [row, ...(Array.isArray(row.children) ? flatRows(row.children as Row[]) : [])]);
}
