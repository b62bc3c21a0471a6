// The ticked rows, which delete and toolbar actions work on.
import { useMemo, useRef, useState } from 'react';
import type { Row } from '../../schema/types';

export function useSelection(rowKey: string) {
  const [rows, setRows] = useState<Row[]>([]);
  const keys = useMemo(() => rows.map((row) => String(row[rowKey])), [rows, rowKey]);
  /** The row ticked last, where a Shift-tick's range starts. */
  const anchor = useRef<string | null>(null);

  /**
   * One row ticked or cleared among the rows shown (in their order on screen, a tree's opened rows included), or with
   * Shift every row from the last one ticked to it, as antd's own tick column does.
   */
  const tick = (shown: Row[], key: string, on: boolean, range: boolean) => {
    const keyOf = (row: Row) => String(row[rowKey]);
    const at = shown.findIndex((row) => keyOf(row) === key);
    if (at < 0) return;
    const from = range && anchor.current !== null ? shown.findIndex((row) => keyOf(row) === anchor.current) : -1;
    const changed = from < 0 ? [shown[at]] : shown.slice(Math.min(from, at), Math.max(from, at) + 1);
    const next = new Set(keys);
    for (const row of changed) {
      if (on) next.add(keyOf(row));
      else next.delete(keyOf(row));
    }
    anchor.current = on ? key : null;
    setRows(shown.filter((row) => next.has(keyOf(row))));
  };
  return { rows, keys, set: setRows, tick, clear: () => setRows([]) };
}
