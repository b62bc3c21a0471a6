// The ticked rows, which delete and toolbar actions work on.
import { useMemo, useState } from 'react';
import type { Row } from '../../schema/types';

export function useSelection(rowKey: string) {
  const [rows, setRows] = useState<Row[]>([]);
  const keys = useMemo(() => rows.map((row) => String(row[rowKey])), [rows, rowKey]);
  return { rows, keys, set: setRows, clear: () => setRows([]) };
}
