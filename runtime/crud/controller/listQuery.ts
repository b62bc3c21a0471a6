// The list call's query for a state of the list's filters, and the state a screen's own list opens in. The screen sends
// the opening call as soon as its definition is known (DefinitionPage), so the rows are on their way while the screen
// is still being drawn; the list's first render then takes that answer instead of asking again. A reload sends it
// sooner still, before the console's code has loaded (`plainOpeningCall`, src/ahead/).
import { sendList } from '../../data/list';
import { type DataProvider, pageQuery, type Query, type SearchValues, sortQuery, toQuery } from '../../data/provider';
import type { ListScreen, SearchField } from '../../schema/types';
import { columnDictionaries, searchFieldsOf } from '../fields';
import { searchFromAddress } from './addressSearch';
import type { Paper } from './usePaging';
import { type Sort, sortOf } from './useSorting';
import { readViewSettings } from './viewSettings';

/** What decides the list call; each change sends the call for its next value. */
export interface ListState {
  search: SearchValues;
  branch?: string;
  sort: Sort;
  paper: Paper;
}

export const isPaged = (page: ListScreen): boolean => page.paging ?? page.layout !== 'tree';

/** The query without paging: what an export sends too. */
export function listFilters(page: ListScreen, searchFields: SearchField[], state: ListState, fixedQuery?: Query) {
  return {
    ...page.api.params,
    ...fixedQuery,
    ...toQuery(searchFields, state.search),
    ...sortQuery(state.sort),
    ...(page.tree ? { [page.tree.parentParam]: page.tree.rootValue ?? 0 } : {}),
    ...(page.leftTree && state.branch ? { [page.leftTree.param]: state.branch } : {}),
  } as Query;
}

export function listQuery(page: ListScreen, searchFields: SearchField[], state: ListState, fixedQuery?: Query) {
  const filters = listFilters(page, searchFields, state, fixedQuery);
  return isPaged(page) ? { ...filters, ...pageQuery(state.paper.current, state.paper.size) } : filters;
}

/**
 * The state a screen's own list opens in: searched as its address says, the definition's sort, the first page in the
 * size the person chose for the list (or the console's default).
 */
export function openingState(
  page: ListScreen,
  searchFields: SearchField[],
  size: number,
  options: { address: boolean },
): ListState {
  return {
    search: options.address ? searchFromAddress(searchFields, window.location.search) : {},
    sort: sortOf(page.defaultSort),
    paper: { current: 1, size: readViewSettings(page.id).pageSize ?? size },
  };
}

/**
 * The call a list opens with when its address searches nothing, but for the page (whose size only the browser knows):
 * what the console sends for a screen's own list before its code has loaded (src/ahead/).
 */
export function plainOpeningCall(page: ListScreen): { url: string; filters: Query; paged: boolean } {
  const state: ListState = { search: {}, sort: sortOf(page.defaultSort), paper: { current: 1, size: 0 } };
  return { url: page.api.list, filters: listFilters(page, [], state), paged: isPaged(page) };
}

/** Sends the call a screen's own list makes when it opens, before the list is drawn. */
export function sendOpeningList(provider: DataProvider, page: ListScreen, defaultPageSize: number): void {
  const searchFields = searchFieldsOf(page.columns);
  const state = openingState(page, searchFields, defaultPageSize, { address: true });
  sendList(provider, page.api.list, listQuery(page, searchFields, state), () =>
    columnDictionaries(provider, page.columns),
  );
}
