// What a list block's controller gives the table, the toolbar and the dialogs that draw it (as ra-core's
// ListControllerResult): declared here so that a custom list view, a row button or a test reads a stated contract,
// not whatever the hook happens to return. useCrudController returns exactly this.
import type { Key } from 'react';
import type { ResourceUrls, SearchValues } from '../../data/provider';
import type { Registry } from '../../registry';
import type { FormMode, ListScreen, Row, SearchField } from '../../schema/types';
import type { Sort } from './useSorting';

export interface ListControllerResult {
  /** The list block as written (after `extends`), with its id. */
  page: ListScreen;
  /** The field that identifies a row (`rowKey`, default `id`). */
  rowKey: string;
  /** The resource's calls: list, detail, submit, update, remove and their key parameters. */
  urls: ResourceUrls;
  /** Where the list's formatters, widgets and actions are found by name. */
  registry: Registry;
  /** Width of the add / edit / view dialog, in pixels. */
  dialogWidth: number;
  /** The rows shown: the current page, or the tree with the branches opened so far. */
  rows: Row[];
  /** Rows the search finds in all (0 before the first answer). */
  total: number;
  /** True while the first answer for the current query is awaited. */
  loading: boolean;
  /** Why the last list call failed (the provider has already told the person). */
  error: Error | undefined;
  /** Reads the list (and opened branches) again and clears the ticks. */
  refresh: () => void;
  search: {
    /** The search panel's entries, from the columns with `search`. */
    fields: SearchField[];
    /** The values searched now. */
    values: SearchValues;
    /** Whether the search panel is open. */
    shown: boolean;
    /** Opens or closes the search panel. */
    toggle: () => void;
    /** Searches with these values, from the first page. */
    run: (values: SearchValues) => void;
  };
  /** Paging, absent for a list that shows everything (`pagination: false`, trees). */
  paging?: {
    /** The page shown, from 1. */
    current: number;
    /** Rows per page. */
    size: number;
    /** The sizes a person may choose. */
    sizes: number[];
    /** Goes to a page; a new size starts again at page 1. */
    go: (current: number, size: number) => void;
  };
  sorting: {
    /** The sort in force. */
    sort: Sort;
    /** Sorts by a column (the list call then carries `ascs` / `descs`). */
    sortBy: (sort: Sort) => void;
  };
  /** The left tree's chosen branch, for lists with one. */
  branch: {
    /** The branch's key, undefined for all. */
    value: string | undefined;
    /** Chooses a branch (undefined: all) and goes to the first page. */
    choose: (key: string | undefined) => void;
  };
  /** The ticked rows, which delete and toolbar actions work on. */
  selection: {
    /** The ticked rows. */
    rows: Row[];
    /** Their keys, as text. */
    keys: string[];
    /** Ticks exactly these rows. */
    set: (rows: Row[]) => void;
    /** Ticks or clears one row among those shown, or with `range` every row from the last one ticked. */
    tick: (shown: Row[], key: string, on: boolean, range: boolean) => void;
    /** Clears every tick. */
    clear: () => void;
  };
  /** The column settings a person chose for this screen. */
  columns: {
    /** The fields of the hidden columns. */
    hidden: string[];
    /** Hides exactly these fields' columns. */
    setHidden: (fields: string[]) => void;
    /** Back to the file's columns (default-hidden ones hidden again). */
    reset: () => void;
  };
  /** Asks, then removes these rows and reads the list again (none: says to tick some). */
  remove: (rows: Row[]) => void;
  /** What the running export has written so far, undefined when none runs. */
  exporting: string | undefined;
  /** Exports the current search with the columns shown to Excel. */
  exportRows: () => Promise<void>;
  /** Stops the running export. */
  cancelExport: () => void;
  /** A tree list's branches read as they are opened. */
  tree: {
    /** The rows with the children read so far hung under their parents. */
    attach: (rows: Row[]) => Row[];
    /** Reads a branch's children when it is first opened. */
    onExpand: (open: boolean, row: Row) => Promise<void>;
    /** The keys of the opened branches. */
    expanded: Key[];
    /** Reads every opened branch again. */
    reload: () => Promise<void>;
    /** Whether a row only stands for children not read yet. */
    isPlaceholder: (row: Row) => boolean;
  };
  /** The add / edit / view dialog that is open, with its record. */
  dialog: { mode: FormMode; record?: Row } | undefined;
  /** Opens the dialog in a mode, with a record for edit and view. */
  openDialog: (mode: FormMode, record?: Row) => void;
  /** Closes the dialog; `changed` reads the list again. */
  closeDialog: (changed: boolean) => void;
  /** The row whose child list is open in the drawer. */
  parent: Row | undefined;
  /** Opens (a row) or closes (undefined) the child list's drawer. */
  setParent: (row: Row | undefined) => void;
  /** The row whose read-only view is open, for lists with a `view`. */
  viewing: Row | undefined;
  /** Opens (a row) or closes (undefined) the read-only view. */
  setViewing: (row: Row | undefined) => void;
}
