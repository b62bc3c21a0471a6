// TypeScript shape of page.schema.json; tests/runtime/schema.test.ts keeps the two in step.
export type Label = { zh: string; en: string } | { key: string };
/** A json-logic rule, e.g. `{ "==": [{ "var": "status" }, 1] }`. */
export type Logic = Record<string, unknown> | boolean;
export type Permission = string | true;
export type FormMode = 'add' | 'edit' | 'view';

export interface Api {
  list: string;
  detail?: string;
  /** Query parameter of detail that carries the key (default: the row key). */
  detailParam?: string;
  submit?: string;
  /** Where an edit is sent when it differs from submit. */
  update?: string;
  remove?: string;
  /** Query parameter of remove that carries the keys (default `ids`). */
  removeParam?: string;
  /** Fixed query parameters sent with every list call. */
  params?: Record<string, string | number | boolean>;
}

export interface TreeSpec {
  childrenUrl?: string;
  parentParam: string;
  parentField?: string;
  rootValue?: string | number;
}

export interface LeftTreeSpec {
  url: string;
  param: string;
  title?: Label;
}

export interface Operations {
  add?: Permission;
  edit?: Permission;
  view?: Permission;
  delete?: Permission;
}

export type FormatSpec = string | ({ name: string } & Record<string, unknown>);

/** A dictionary by its code (`"sex"`), or with its kind and the values meaning "does not apply". */
export type DictSpec = string | { code: string; biz?: boolean; empty?: (string | number)[] };

export type SearchKind = 'text' | 'dict' | 'dateRange' | 'numberRange' | 'lookup';

/** A column's search entry: `true` (the kind follows from the column), its kind, or the kind with more said. */
export type SearchSpec = true | SearchKind | { type?: SearchKind; label?: Label; sendAs?: string[] };

/** Everything about one field of a list: the table column, its search entry, its formatter and its form widget. */
export interface Column {
  /** What the column starts from (`_shared/log#/columns/serviceId`); resolved when the file loads. */
  extends?: string;
  field: string;
  label: Label;
  width?: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  sortable?: boolean;
  /** Hidden in the table until a person shows it with the column settings. */
  hidden?: boolean;
  format?: FormatSpec;
  dict?: DictSpec;
  search?: SearchSpec;
  /** What the column counts (a report's column), behind an info mark beside its header. */
  definition?: Label;
}

/** The order a list starts in. */
export interface SortSpec {
  field: string;
  order?: 'asc' | 'desc';
}

/** A search entry as the search panel draws it, derived from a column. */
export interface SearchField {
  field: string;
  label: Label;
  type: SearchKind;
  dict?: string;
  biz?: boolean;
  /** The other resource's list a `lookup` column's choice is made from. */
  lookup?: {
    url: string;
    labelField: string;
    valueField?: string;
    filters?: Record<string, string | number | boolean>;
  };
  /** The parameters it sends instead of the kind's own (`releaseTime_datege`, `releaseTime_datele`). */
  sendAs?: string[];
}

/** A call to the server; `query` and `body` values are json-logic over `{ row, rows, ids, form }`. */
export interface RequestSpec {
  method?: 'GET' | 'POST';
  url: string;
  query?: Record<string, Logic>;
  body?: Record<string, Logic>;
}

/** What an action asks for before its request: fields written as a list's form fields, drawn by the same form dialog.
 * A field's `default` may be json-logic over `{ row, rows, ids }`. */
/** Its own fields may be left out when it borrows another page's (`fieldsFrom`). */
export interface ActionForm extends Partial<FormDefinition> {
  title?: Label;
  width?: number;
  /** The starting values as the server has them (a user's platform settings). */
  load?: { url: string; query?: Record<string, Logic> };
  /** A page definition (a process step's formKey) whose form's fields show before this form's own. */
  fieldsFrom?: Logic;
}

/** What follows a successful request. */
export interface ActionThen {
  reload?: boolean;
  /** `false`: no message, for an action that only reads what `show` shows. */
  message?: Label | 'server' | false;
  /** With `columns`, the field (a list of rows) shows as a table. */
  show?: { field: string; label: Label; columns?: Column[] };
}

/** Rows of an Excel file checked against the list's form and sent one by one. */
export interface ExcelImport {
  url?: string;
  /** The valid rows to `url` at once ({rows, check}): the server checks each in the preview, writes all or none. */
  whole?: boolean;
  /** Where the server answers the template (.xlsx) in the person's language; else headers of the form's fields. */
  template?: string;
}

export interface Action {
  id: string;
  label: Label;
  permission: Permission;
  danger?: boolean;
  visibleWhen?: Logic;
  disabledWhen?: Logic;
  /** `false`: a toolbar action that needs no ticked rows. */
  selection?: boolean;
  form?: ActionForm;
  confirm?: Label;
  request?: RequestSpec;
  then?: ActionThen;
  action?: string;
  options?: Record<string, unknown>;
  import?: ExcelImport;
}

export interface ModeRule {
  hidden?: string[];
  disabled?: string[];
}

export interface JsonSchemaObject {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  [keyword: string]: unknown;
}

/** A form as rjsf draws it (JSON Schema, uiSchema, texts per rule); derived from a list's form, or written by a
 * custom dialog. */
export interface FormSpec {
  schema: JsonSchemaObject;
  uiSchema?: Record<string, unknown>;
  messages?: Record<string, Record<string, Label>>;
  /** Hints replacing the derived placeholder (请输入参数名称) of a field. */
  placeholders?: Record<string, Label>;
  defaults?: Record<string, unknown>;
  modes?: Partial<Record<FormMode, ModeRule>>;
  /** Fields shown only while their json-logic rule holds over the form's values. */
  conditions?: Record<string, Logic>;
}

export type FieldType = 'string' | 'integer' | 'number' | 'boolean';

/** Modes a field is hidden or disabled in; `true`: every mode. */
export type InModes = true | FormMode[];

/** One field of a list's form: what is about it in the form (its label and format come from its column). */
export interface FormField {
  /** For a field without a column, or to name it differently in the form. */
  label?: Label;
  type?: FieldType;
  required?: boolean;
  widget?: string;
  options?: Record<string, unknown>;
  dict?: DictSpec;
  default?: unknown;
  hidden?: InModes;
  disabled?: InModes;
  /** Shown (and required) only while this json-logic rule holds over the form's values: a coupon kind's value. */
  visibleWhen?: Logic;
  /** Texts per rule (`required`, `pattern` …) where the derived ones (请输入参数名称) are not right. */
  messages?: Record<string, Label>;
  /** A hint inside the empty field where the derived one (请输入参数名称) says too little. */
  placeholder?: Label;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  enum?: unknown[];
}

/** A list's add / edit / view form: its fields in the order shown. */
export interface FormDefinition {
  fields: Record<string, FormField>;
}

export interface ChildSpec {
  title: Label;
  openLabel?: Label;
  api: Api;
  parentParam: string;
  inherit: Record<string, string>;
  operations?: Operations;
  columns: Column[];
  form?: FormDefinition;
}

export type ToolbarItem = 'add' | 'delete' | 'refresh' | 'columns' | 'export' | 'search';

/** A page: a title over a column of blocks. */
export interface PageDefinition {
  $schema?: string;
  id: string;
  title: Label;
  /** The page this one starts from; resolved when the file loads. */
  extends?: string;
  blocks: Block[];
}

export type Block = ListBlock | StatsBlock | ViewBlock | TabsBlock | ChartBlock;

/** How a figure shows: cents as yuan with two decimals, a count with thousands separators, a ratio as a percentage. */
export type FigureFormat = 'money' | 'count' | 'percent';

/** Fixed query parameters of a call. */
export type FixedParams = Record<string, string | number | boolean>;

/** A row of cards over one call's answer, one card per field. */
export interface StatsBlock {
  type: 'stats';
  /** The code (a menu's or a button's) a person needs to see the block; without it nothing of it is shown or called. */
  permission?: Permission;
  api: string;
  params?: FixedParams;
  /** The call carries the page's list's current search (or its cards' filters), so the cards count the rows the list shows. */
  followsList?: boolean;
  /** Filters above the cards, written as columns (a company's, a site's lookup); the page's other blocks that
   * follow the list follow them too. */
  search?: Column[];
  cards: StatCard[];
}

export interface StatCard {
  field: string;
  label: Label;
  /** What the figure counts, by which day, and which list it agrees with: behind an info mark beside the title. */
  definition?: Label;
  format?: FigureFormat;
  /** A value shown under the card with an arrow up or down (today against yesterday). */
  compare?: { field: string; label: Label };
  /** The list behind the figure: a menu path and its search, json-logic over the answer (`today.day`). */
  link?: { path: string; query?: Record<string, Logic | string | number> };
}

/** A titled group of a record's fields, or a list of rows belonging to the record. */
export interface ViewSection {
  title: Label;
  fields?: string[];
  list?: ListBlock;
  /** The nested list's query parameters, each json-logic over the record (`{ "var": "transactionId" }`). */
  query?: Record<string, Logic>;
}

/** A read-only view of one record, on a list (opened by its view operation). */
export interface ViewSpec {
  sections?: ViewSection[];
  /** false: the view shows the row as the list answered it, without a detail call (a report's row). */
  detail?: boolean;
}

/** A read-only view of one record on a page: the detail call with parameters taken from the page's address. */
export interface ViewBlock {
  type: 'view';
  /** The code (a menu's or a button's) a person needs to see the block; without it nothing of it is shown or called. */
  permission?: Permission;
  title?: Label;
  detail: string;
  /** json-logic over the query of the page's address (`?id=12` gives `{ "var": "id" }` = "12"). */
  params?: Record<string, Logic>;
  columns: Column[];
  sections?: ViewSection[];
}

/** Titled tabs, each a column of blocks; the chosen tab is kept in the address (`#tab=refunds`). */
export interface TabsBlock {
  type: 'tabs';
  /** The code (a menu's or a button's) a person needs to see the block; without it nothing of it is shown or called. */
  permission?: Permission;
  param?: string;
  tabs: Tab[];
}

export interface Tab {
  key: string;
  /** The code a person needs to see the tab; without it the tab and its blocks are left out. */
  permission?: Permission;
  title: Label;
  blocks: Block[];
}

/** A line, bar or pie chart of the rows one call answers. */
export interface ChartBlock {
  type: 'chart';
  /** The code (a menu's or a button's) a person needs to see the block; without it nothing of it is shown or called. */
  permission?: Permission;
  kind: 'line' | 'bar' | 'pie' | 'map';
  title?: Label;
  /** What the chart shows, which days and which filters: behind an info mark beside the title. */
  definition?: Label;
  api: string;
  params?: FixedParams;
  /** The call carries the current search of the page's list or of its cards' filters. */
  followsList?: boolean;
  category: ChartCategory;
  series: ChartSeries[];
  height?: number;
  /** Where a row stands on a map: the fields of its longitude and latitude. */
  position?: { longitude: string; latitude: string };
}

/** The field along the x axis (line, bar) or naming the slices (pie). */
export interface ChartCategory {
  field: string;
  label?: Label;
  format?: FormatSpec;
}

export interface ChartSeries {
  field: string;
  label: Label;
  /** What the series counts: behind an info mark beside its name, under the chart. */
  definition?: Label;
  format?: FigureFormat;
}

/** A list screen: search panel, toolbar, table, row actions and the add / edit / view dialog. */
export interface ListBlock {
  type: 'list';
  /** The code (a menu's or a button's) a person needs to see the block; without it nothing of it is shown or called. */
  permission?: Permission;
  /** The block this one starts from (`system/dict#/blocks/0`); resolved when the file loads. */
  extends?: string;
  layout?: 'list' | 'tree' | 'parentChild' | 'leftTree';
  rowKey?: string;
  api: Api;
  paging?: boolean;
  defaultSort?: SortSpec;
  tree?: TreeSpec;
  leftTree?: LeftTreeSpec;
  child?: ChildSpec;
  dialog?: { type?: 'modal' | 'drawer'; width?: number };
  operations?: Operations;
  toolbar?: ToolbarItem[];
  columns: Column[];
  rowActions?: Action[];
  toolbarActions?: Action[];
  form?: FormDefinition;
  lockedRows?: LockedRows;
  /** Opened by the view operation instead of the form in view mode. */
  view?: ViewSpec;
  /** A totals row under the table: the named columns summed over the rows shown. */
  summary?: { label: Label; fields: string[] };
  /** How a row shows as a card on a phone (screen class 0). */
  card?: CardSpec;
}

/** A row's card on a phone: its summary fields (the first is its title) and the button offered first. */
export interface CardSpec {
  fields?: string[];
  /** A row action's id, or view, edit, delete or child; the other buttons go under 更多. */
  primary?: string;
}

/** A list block as drawn: `id` keys what a person chose (column settings), `title` names exports and dialogs. */
export type ListScreen = Omit<ListBlock, 'type'> & { id: string; title: Label };

/** Rows where `when` holds can only be viewed (no edit, no delete) unless the session holds the role `unlessRole`. */
export interface LockedRows {
  when: Logic;
  unlessRole: string;
}

export type Row = Record<string, unknown>;
