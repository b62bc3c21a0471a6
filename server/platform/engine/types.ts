// What a resource definition says about its table: the fields, how they travel, who may call, and its hooks.
import type { FastifyRequest } from 'fastify';
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { AuditKind } from '../audit/record.js';
import type { AppContext } from '../context.js';

/**
 * How a field is stored, validated and serialized:
 * - `id`: a 53-bit id, a string on the wire (`""` when absent);
 * - `ids`: a comma list of ids kept as text;
 * - `text`: free text; `integer`: a small number (-1 on the wire when absent);
 * - `datetime`: `yyyy-MM-dd HH:mm:ss` (a date alone is accepted on input).
 */
export type FieldType = 'id' | 'ids' | 'text' | 'integer' | 'datetime';

export interface FieldSpec {
  type: FieldType;
  /** The field's name in Chinese, for the docs and messages. */
  label: string;
  /** The field's name in English, for messages to an English console (Accept-Language: en). */
  en: string;
  /** Required when adding; the message names the field (e.g. 请输入参数名称; in English "Please enter <en>"). */
  required?: string;
  maxLength?: number;
  /** The shape a non-empty text must have (an anchored regular expression); the refusal names the field. */
  pattern?: string;
  minimum?: number;
  maximum?: number;
  enum?: number[];
  /** An `integer` amount of money in cents: only a JSON integer is taken, never `true` or `"100"` (http/money.ts). */
  money?: boolean;
  /**
   * A `text` field holding formatted text (HTML) that screens show as such: kept to the rich-text allowlist
   * (runtime/rich-text/allowlist.ts) before it is stored, by every call that saves through the resource.
   */
  richText?: boolean;
  /** Written by the server or by a dedicated call, never by submit. */
  readOnly?: boolean;
  /** Stored when the field is sent empty ("" or null): a tree's parentId, where BladeX clients send "" for the top. */
  emptyMeans?: number;
  /** May be used as a filter key (default true for everything but secrets). */
  filter?: boolean;
  /** May be named in ascs/descs (default true). */
  sortable?: boolean;
}

export type Fields = Record<string, FieldSpec>;

/** Table rows as the engine sees them: camelCase keys, any column. */
export type Row = Record<string, unknown>;
export type AnyDb = Kysely<Record<string, Row>>;
export type AnyTrx = Transaction<Record<string, Row>>;
/** A query over any table before its columns are chosen, as `selectFrom(table)` starts one. */
export type AnySelect = SelectQueryBuilder<Record<string, Row>, string, object>;

/** The database seen table-agnostically, for code that names its table at run time (the engine, the log writer). */
export const anyDb = (ctx: AppContext): AnyDb => ctx.db as unknown as AnyDb;

/**
 * Where a department data scope finds a row's department: a column (`deptId`, or `biz_order.deptId` in a join);
 * a link to one row of another table and its department column (equipment → its site's `deptId`); or a comma list of
 * links, qualified by the row's table, of which any one in scope will do (field staff → any of their sites).
 */
export type ScopeDept =
  | string
  | { link: string; table: string; column: string }
  | { list: string; table: string; column: string };

/**
 * Fields of another table a list shows beside a row's link to it (a customer's nickName beside `customerId`): read
 * for the page's rows in one query after paging, and filterable like the row's own fields (rows whose linked row
 * matches).
 */
export interface Linked {
  /** The row's column holding the other row's id, e.g. `customerId`. */
  column: string;
  /** The other table, e.g. `biz_customer`. */
  table: string;
  fields: Fields;
}

export type Operation = 'list' | 'page' | 'detail' | 'submit' | 'remove';

export interface SaveEvent {
  request: FastifyRequest;
  ctx: AppContext;
  db: AnyTrx;
  /** The columns about to be written (add: all, update: the ones sent). */
  row: Row;
  /** The stored row on update, null on add. */
  existing: Row | null;
}

export type ValidateEvent = Omit<SaveEvent, 'db'> & { db: AnyDb };

/**
 * A write a caller asks for through submit or remove, after its checks and before anything is written: what `hold`
 * decides on. `row` holds the stored values of the fields sent (on an edit, only those).
 */
export type AskedWrite =
  | { action: 'add' | 'edit'; request: FastifyRequest; ctx: AppContext; row: Row; existing: Row | null }
  | { action: 'remove'; request: FastifyRequest; ctx: AppContext; ids: number[] };

export interface RemoveEvent {
  request: FastifyRequest;
  ctx: AppContext;
  db: AnyTrx;
  ids: number[];
}

export interface ResourceDefinition {
  /** e.g. `blade_param`. */
  table: string;
  /** API prefix under /api, e.g. `/blade-system/param`. */
  prefix: string;
  /** Menu code: the list needs its grant, writes need `<code>_add|_edit|_delete`. */
  menu: string;
  /** Further menus whose grant lets a caller read (list, page, detail), never write: another screen showing these rows. */
  readableUnder?: string[];
  /** Title for the docs and the API log, e.g. 参数. */
  title: string;
  fields: Fields;
  /** Which calls to serve; default list, detail, submit, remove (plus page when listed). */
  operations?: Operation[];
  /** Rows carry `createDept` / `createUser` and the caller's data scope limits them. */
  dataScope?: boolean;
  /**
   * Where a department data scope finds a row's department: by default its `createDept`; or a column of the row
   * itself (a company's `deptId`); or the department column of the row it links to (equipment → its site's `deptId`);
   * or of any of the rows a comma list links to (field staff → their sites).
   */
  scopeDept?: ScopeDept;
  /** The table has the BladeX base columns (audit, status, logical delete); default true. */
  base?: boolean;
  /** Columns kept in the table that never go on the wire (a customer's openId). */
  hidden?: string[];
  /** Fields answered as `******` to callers without the named button, e.g. `{ clientSecret: 'client_edit' }`. */
  revealTo?: Record<string, string>;
  /** Fields of the linked row added to `list`/`page` answers (never to detail or submit). */
  linked?: Linked;
  /**
   * Fields worked out from the stored row (an order's net kept amount), added to every wire row of list, page and
   * detail; not stored, so not filters.
   */
  derived?: (row: Row) => Row;
  /** The fields `derived` adds, as the record the API documents declares them. */
  derivedFields?: Fields;
  /** Text fields the server writes in Chinese (a duration, a payment status), answered in the caller's language. */
  madeText?: string[];
  /** The English of made text only this resource writes (an API log's title), tried after the common phrases. */
  madeTextEnglish?: (text: string) => string | undefined;
  /**
   * The filter keys the screens offer (`phoneNumber_equal`, `siteId_equal`, `createTime_dategt`, …), declared in the
   * list's query schema so the API documents them; every declared field filters either way.
   */
  searches?: string[];
  /**
   * Query keys that search several text fields at once, a row matching when any of them contains the text (a picker's
   * box finding a customer by name or by phone: `{ keyword: ['nickName', 'phoneNumber'] }`); declared like `searches`.
   */
  keywords?: Record<string, string[]>;
  /** Order when the caller names none, e.g. [['sort', 'asc']]; `id desc` always follows for stable pages. */
  defaultOrder?: Array<[string, 'asc' | 'desc']>;
  /**
   * Checks that read beyond the write, through the caller's data scope (a link to a site the caller may see), run
   * before the write's transaction opens: on SQLite one connection serves all, so a read outside an open
   * transaction would wait on it. `db` is the plain database here.
   */
  validate?: (event: ValidateEvent) => Promise<void>;
  /**
   * What submit answers: nothing (data null) unless set. `true` answers the saved record; a function adds to it
   * (BladeX clients insert a new tree row from `data.id` and the names beside it).
   */
  answerSaved?: true | ((record: Row, ctx: AppContext) => Promise<Row>);
  /**
   * The rows are controls (roles, data scopes): every add, edit and removal is appended to the audit trail in the
   * write's transaction, with the declared fields before and after, the row named by `subject` (a role's name).
   */
  audited?: { kind: AuditKind; subject: (row: Row) => string };
  /**
   * A write that waits for a second person instead of being made (a controlled parameter, the split set-up): answers
   * the message submit or remove then answers, nothing written; or null to write now. The approved write is made
   * later through `save` / `remove`, which never hold, so every check runs again then.
   */
  hold?: (write: AskedWrite) => Promise<string | null>;
  beforeSave?: (event: SaveEvent) => Promise<void>;
  afterSave?: (event: SaveEvent & { id: number }) => Promise<void>;
  beforeRemove?: (event: RemoveEvent) => Promise<void>;
  /** After the removal is committed: for work outside the database (stored files). */
  afterRemove?: (event: Omit<RemoveEvent, 'db'> & { db: AnyDb }) => Promise<void>;
}
