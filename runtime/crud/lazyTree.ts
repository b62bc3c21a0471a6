// Tree tables: rows with children load them when opened (menu, department, region); nested answers show as they come.
import { useCallback, useRef, useState } from 'react';
import { useProvider } from '../config';
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
  /** The parent value each opened row's children were asked with, to ask again after a change. */
  const parents = useRef<Record<string, string | number>>({});
  const provider = useProvider();
  const childrenOf = (key: string) =>
    provider.list(tree?.childrenUrl ?? listUrl, { [tree?.parentParam ?? 'parentId']: parents.current[key] });

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
    parents.current[key] = row[tree.parentField ?? rowKey] as string | number;
    const page = await childrenOf(key);
    setLoaded((previous) => ({ ...previous, [key]: page.rows }));
  };

  /** After a change: the opened rows stay open and their children are asked for again, so a saved row shows where
   * it now belongs without the tree collapsing (and the page keeps its scroll position). */
  const reload = async () => {
    const keys = Object.keys(loaded);
    const asked = keys.map((key) => childrenOf(key).then((page) => page.rows));
    const answers = (await Promise.allSettled(asked)).map((answer) =>
      answer.status === 'fulfilled' ? answer.value : undefined,
    );
    setLoaded(Object.fromEntries(keys.flatMap((key, i) => (answers[i] ? [[key, answers[i]]] : []))));
  };

  return { attach, onExpand, expanded, reload, isPlaceholder: (row: Row) => String(row[rowKey]).endsWith(PLACEHOLDER) };
}
