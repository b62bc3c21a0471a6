// Everything a list block does, without drawing it: the list call and its filters, paging, sorting, selection,
// removal, export, the tree's lazy rows and the dialogs that are open. CrudPage draws what this returns, a
// ListControllerResult (result.ts).
import { startTransition, useEffect, useMemo, useState } from 'react';
import { usePageReload } from '../../blocks/reload';
import { useRuntime } from '../../config';
import { queryText, sendList, useList } from '../../data/list';
import { type Query, resourceUrls, type SearchValues, toQuery } from '../../data/provider';
import type { FormMode, ListScreen, Row } from '../../schema/types';
import { columnDictionaries, searchFieldsOf } from '../fields';
import { tidyTree, useLazyTree } from '../lazyTree';
import { isPaged, type ListState, listFilters, listQuery, openingState } from './listQuery';
import type { ListControllerResult } from './result';
import { useExport } from './useExport';
import { usePaging } from './usePaging';
import { useRemoval } from './useRemoval';
import { useSearch } from './useSearch';
import { useSelection } from './useSelection';
import { type Sort, useSorting } from './useSorting';
import { useViewSettings } from './viewSettings';

export interface CrudControllerOptions {
  /** Parameters every list call carries (a child screen's parentId). */
  fixedQuery?: Query;
}

export function useCrudController(page: ListScreen, options: CrudControllerOptions = {}): ListControllerResult {
  const runtime = useRuntime();
  const rowKey = page.rowKey ?? 'id';
  const urls = resourceUrls(page.api);
  const paged = isPaged(page);

  const searchFields = useMemo(() => searchFieldsOf(page.columns), [page.columns]);
  const view = useViewSettings(page.id);
  const hidden = useMemo(
    () => view.settings.hidden ?? page.columns.filter((c) => c.hidden).map((c) => c.field),
    [view.settings.hidden, page.columns],
  );
  // Only the screen's own list follows the address; a child or nested list is keyed by its parent instead. The
  // screen's own list opens with the call its screen sent ahead (listQuery.ts).
  const [opening] = useState(() =>
    openingState(page, searchFields, runtime.pageSize, { address: !options.fixedQuery }),
  );
  const search = useSearch(opening.search);
  const paging = usePaging({
    size: opening.paper.size,
    onSizeChosen: (pageSize) => view.update({ pageSize }),
  });
  const sorting = useSorting(page.defaultSort);
  const selection = useSelection(rowKey);
  const [branch, setBranch] = useState<string>();
  const [dialog, setDialog] = useState<{ mode: FormMode; record?: Row }>();
  const [parent, setParent] = useState<Row>();
  const [viewing, setViewing] = useState<Row>();
  const tree = useLazyTree(page.tree, urls.list, rowKey);

  const state: ListState = { search: search.values, branch, sort: sorting.sort, paper: paging.paper };
  const filtersOf = (s: ListState): Query => listFilters(page, searchFields, s, options.fixedQuery);
  const queryOf = (s: ListState): Query => listQuery(page, searchFields, s, options.fixedQuery);
  const query = queryOf(state);
  // Rows are shown with the names of the dictionaries their cells show, not their codes first.
  const shownWith = () => columnDictionaries(runtime.provider, page.columns);
  const list = useList(urls.list, query, shownWith);

  const { listReloaded, searched } = usePageReload();
  // The screen's own list tells the page what it searches, so cards that follow it count the same rows.
  const searchQuery = options.fixedQuery ? undefined : toQuery(searchFields, search.values);
  const searchKey = searchQuery ? queryText(searchQuery) : '';
  useEffect(() => {
    if (searchQuery) searched(searchQuery);
  }, [searchKey]);
  const refresh = () => {
    listReloaded();
    if (page.tree) void tree.reload();
    selection.clear();
    void list.mutate();
  };

  /** Send first, render once: the call for the next state leaves before the table re-renders its rows. */
  const change = (next: Partial<ListState>) => {
    const nextQuery = queryOf({ ...state, ...next });
    if (queryText(nextQuery) === queryText(query)) void list.mutate();
    else sendList(runtime.provider, urls.list, nextQuery, shownWith);
    startTransition(() => {
      if (next.search) search.setValues(next.search);
      if ('branch' in next) setBranch(next.branch);
      if (next.sort) sorting.setSort(next.sort);
      if (next.paper) paging.set(next.paper);
    });
  };
  const firstPage = { ...paging.paper, current: 1 };

  const remove = useRemoval({ url: urls.remove, param: urls.removeParam, rowKey, onRemoved: refresh });
  const exporter = useExport({
    url: urls.list,
    title: page.title,
    registry: runtime.registry,
    totals: page.summary?.fields,
  });
  const shownColumns = page.columns.filter((c) => !hidden.includes(c.field));

  const listRows = list.data?.rows;
  const rows = useMemo(
    () => (page.tree ? tree.attach(listRows ?? []) : tidyRows(listRows ?? [])),
    [page.tree, tree.attach, listRows],
  );

  return {
    page,
    rowKey,
    urls,
    registry: runtime.registry,
    dialogWidth: page.dialog?.width ?? runtime.dialogWidth,
    rows,
    total: list.data?.total ?? 0,
    loading: list.isLoading,
    error: list.error,
    refresh,
    search: {
      fields: searchFields,
      values: search.values,
      shown: search.shown,
      toggle: search.toggle,
      run: (values: SearchValues) => change({ search: values, paper: firstPage }),
    },
    paging: paged
      ? {
          ...paging.paper,
          sizes: runtime.pageSizes,
          go: (current: number, size: number) =>
            change({ paper: { current: size === paging.paper.size ? current : 1, size } }),
        }
      : undefined,
    sorting: { sort: sorting.sort, sortBy: (sort: Sort) => change({ sort }) },
    branch: { value: branch, choose: (key: string | undefined) => change({ branch: key, paper: firstPage }) },
    selection,
    columns: {
      hidden,
      setHidden: (fields: string[]) => view.update({ hidden: fields }),
      reset: () => view.update({ hidden: undefined }),
    },
    remove,
    exporting: exporter.progress,
    exportRows: () => exporter.run(filtersOf(state), shownColumns),
    cancelExport: exporter.cancel,
    tree,
    dialog,
    openDialog: (mode: FormMode, record?: Row) => setDialog({ mode, record }),
    closeDialog: (changed: boolean) => {
      setDialog(undefined);
      if (changed) refresh();
    },
    parent,
    setParent,
    viewing,
    setViewing,
  };
}

/** The controller's contract under the name the runtime's own parts use. */
export type CrudController = ListControllerResult;

function tidyRows(rows: Row[]): Row[] {
  return rows.some((row) => Array.isArray(row.children)) ? tidyTree(rows) : rows;
}
