// Tree tables: rows with children load them when opened (menu, department, region); nested answers show as they come.
import { useCallback, useState } from 'react';
import { fetchList } from '../data/list';
import type { Row, TreeSpec } from '../schema/types';

const PLACEHOLDER = '__loading';

/** Empty `children` arrays would draw an open arrow on leaves. */
export function tidyTree(rows: Row[]): Row[] {
  return rows.map((row) => {
    const children = row.children as Row[] | undefined;
    if (!Array.isArray(children)) return row;
    const { children: _omit, ...rest } = row;
    return children.length ? { ...rest, children: tidyTree(children) } : rest;
  });
}

export function useLazyTree(tree: TreeSpec | undefined, listUrl: string, rowKey: string) {
  const [loaded, setLoaded] = useState<Record<string, Row[]>>({});
  const [expanded, setExpanded] = useState<string[]>([]);

  const attach = useCallback(
    (rows: Row[]): Row[] =>
      rows.map((row) => {
        const key = String(row[rowKey]);
        if (loaded[key]) return { ...row, children: attach(loaded[key]) };
        if (row.hasChildren === true) return { ...row, children: [{ [rowKey]: `${key}${PLACEHOLDER}` }] };
        const { children: _omit, ...rest } = row;
        return rest;
      }),
    [loaded, rowKey],
  );

  const onExpand = async (open: boolean, row: Row) => {
    const key = String(row[rowKey]);
    setExpanded((keys) => (open ? [...keys, key] : keys.filter((k) => k !== key)));
    if (!open || !tree || loaded[key]) return;
    const parent = row[tree.parentField ?? rowKey] as string | number;
    const page = await fetchList(tree.childrenUrl ?? listUrl, { [tree.parentParam]: parent });
    setLoaded((previous) => ({ ...previous, [key]: page.rows }));
  };

  const reset = () => {
    setLoaded({});
    setExpanded([]);
  };

  return { attach, onExpand, expanded, reset, isPlaceholder: (row: Row) => String(row[rowKey]).endsWith(PLACEHOLDER) };
}
