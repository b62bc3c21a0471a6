// A resource compiled from its definition: the merged fields, its serializer, and the reads and writes every
// engine call (and any specific call built on it) uses.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { nextId } from '../db/ids.js';
import { now } from '../db/time.js';
import { badRequest, notFound } from '../http/envelope.js';
import { languageOf } from '../http/language.js';
import { inputMessages } from '../http/validation.js';
import { cleanRichText } from '../rich-text.js';
import { recordSave, removalRecorder } from './audited.js';
import { baseFields } from './base-fields.js';
import { parseDate } from './dates.js';
import { filterConditions, keywordConditions, PAGING_KEYS } from './filters.js';
import { notNullFields } from './not-null.js';
import { NOTHING_SELECTED } from './schemas.js';
import { type ScopeWhere, scopeWhere } from './scope.js';
import { type WireSerializer, wireSerializer } from './serialize.js';
import { type Order, orderOf } from './sort.js';
import {
  type AnyDb,
  type AnySelect,
  type AnyTrx,
  anyDb,
  type Fields,
  type Linked,
  type ResourceDefinition,
  type Row,
} from './types.js';

export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  orders: never[];
  /** false: the total was not asked for (`searchCount=false`) and is 0, as MyBatis-Plus answers then. */
  searchCount: boolean;
}

export const pageOf = <T>(records: T[], total: number, current: number, size: number, searchCount = true): Page<T> => ({
  records,
  total,
  size,
  current,
  pages: Math.ceil(total / size),
  orders: [],
  searchCount,
});

export interface Resource {
  definition: ResourceDefinition;
  fields: Fields;
  base: boolean;
  toWire: WireSerializer;
  db: (ctx: AppContext) => AnyDb;
  /** Live rows of the table the caller may see (logical delete and data scope applied). */
  visible: (ctx: AppContext, request: FastifyRequest) => Promise<AnySelect>;
  /** The visible rows the query's filters keep (the list's rows before paging; the list's figures count them). */
  filtered: (ctx: AppContext, request: FastifyRequest, query: Record<string, unknown>) => Promise<AnySelect>;
  /** A page of wire rows for the query's filters, order and paging. */
  page: (ctx: AppContext, request: FastifyRequest, query: Record<string, unknown>) => Promise<Page<Row>>;
  /** A stored row by id (not yet serialized), or a 404. */
  find: (ctx: AppContext, request: FastifyRequest, id: number) => Promise<Row>;
  /** Adds (no id) or updates (id) from a submit body; answers the id. */
  save: (ctx: AppContext, request: FastifyRequest, body: Row) => Promise<number>;
  /** Logically deletes the rows (the ones the caller may see); 404 when none matched. */
  remove: (ctx: AppContext, request: FastifyRequest, ids: number[]) => Promise<void>;
  /** What the submit call does: `save`, unless the definition holds the write (then its message, nothing saved). */
  submit: (ctx: AppContext, request: FastifyRequest, body: Row) => Promise<{ id: number } | { held: string }>;
  /** What the remove call does: `remove`, unless the definition holds it (then its message, nothing removed). */
  removeAsked: (ctx: AppContext, request: FastifyRequest, ids: number[]) => Promise<string | null>;
}

/**
 * A selection is counted exactly up to this many rows, reading at most so many index entries; beyond it the total is
 * an estimate (never below it), as counting millions of rows for a pager costs more than the page
 * (docs/orders-and-money.md, "Lists of millions").
 */
export const EXACT_UP_TO = 10_000;

/** How a list may be read faster: its context (for the capped count) and the rows after a known one (keyset). */
export interface PageReading {
  ctx?: AppContext;
  /** The rows' creation time, from whose spread SQLite estimates a large total. */
  timeField?: string;
  /** Keeps the rows after the last one read, in the list's order: the page is then read from there, not skipped to. */
  after?: (rows: AnySelect) => AnySelect;
}

const countOf = async (filtered: AnySelect): Promise<number> =>
  Number((await filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst())?.total ?? 0);

const msOf = (value: unknown): number =>
  value instanceof Date ? value.getTime() : Date.parse(String(value ?? '').replace(' ', 'T'));

/**
 * A large selection's size: PostgreSQL's planner estimate; on SQLite, which has none, the pace of its oldest rows
 * (the counted number of them over the span of creation times they cover) carried over its whole span — the oldest,
 * as the newest hours hold the rentals still running or being settled; exact when neither applies.
 */
async function estimateOf(filtered: AnySelect, counted: number, ctx: AppContext, timeField?: string) {
  if (ctx.dialect === 'postgres') {
    const [plan] = (await filtered.select((eb) => eb.lit(1).as('one')).explain('json')) as Array<{
      'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
    }>;
    return Math.round(Number(plan?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0));
  }
  if (!timeField) return countOf(filtered);
  const at = async (direction: 'asc' | 'desc', offset: number) => {
    const row = await filtered
      .select(timeField)
      .where(timeField, 'is not', null)
      .orderBy(timeField, direction)
      .limit(1)
      .offset(offset)
      .executeTakeFirst();
    return msOf(row?.[timeField]);
  };
  const [oldest, last, newest] = [await at('asc', 0), await at('asc', counted - 1), await at('desc', 0)];
  const early = last - oldest;
  return early > 0 && newest >= last ? (counted * (newest - oldest)) / early : countOf(filtered);
}

/** The selection's rows counted up to one past EXACT_UP_TO, as a query of one `total` (or a column beside rows). */
const cappedCount = (filtered: AnySelect, ctx: AppContext) =>
  anyDb(ctx)
    .selectFrom(
      filtered
        .select((eb) => eb.lit(1).as('one'))
        .limit(EXACT_UP_TO + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'));

/** A capped count as the total a pager shows: exact up to EXACT_UP_TO, an estimate (never below it) beyond. */
async function totalFrom(counted: number, filtered: AnySelect, ctx: AppContext, timeField?: string) {
  if (counted <= EXACT_UP_TO) return counted;
  return Math.max(counted, Math.round(await estimateOf(filtered, counted, ctx, timeField)));
}

/** The column a page's rows carry their capped count in, taken off before they are answered. */
const PAGE_TOTAL = 'pageTotalCounted';

/**
 * A page of a filtered selection: its total and one page of rows in the order `orderBy` answers, turned into wire
 * rows by `wire`. `current` and `size` come from the query (validated by the route). The order is asked for only when
 * rows are read, so a caller may settle it late (users do).
 *
 * With a context, the rows carry their capped count beside them: one statement (one consistent snapshot, one trip
 * to the database) for the usual page, and a count of its own only when the page comes back empty (nothing selected,
 * or a page past the end), where no row carries it.
 */
export async function pageOfSelect(
  filtered: AnySelect,
  query: Record<string, unknown>,
  orderBy: () => Order,
  wire: (rows: Row[]) => Row[] | Promise<Row[]>,
  reading: PageReading = {},
): Promise<Page<Row>> {
  const current = Number(query.current ?? 1);
  const size = Number(query.size ?? 10);
  const { after, ctx, timeField } = reading;
  const read = async (counting: boolean) => {
    let rows = after ? after(filtered.selectAll()) : filtered.selectAll();
    if (counting && ctx) rows = rows.select(cappedCount(filtered, ctx).as(PAGE_TOTAL));
    for (const [field, direction] of orderBy()) rows = rows.orderBy(field, direction);
    return (await rows
      .limit(size)
      .offset(after ? 0 : (current - 1) * size)
      .execute()) as Row[];
  };
  // A reader that knows the total already (an export reading on) does not pay for counting it on every page.
  if (query.searchCount === false) return pageOf(await wire(await read(false)), 0, current, size, false);
  if (!ctx) {
    const total = await countOf(filtered);
    const past = !after && (current - 1) * size >= total;
    return pageOf(total === 0 || past ? [] : await wire(await read(false)), total, current, size);
  }
  const records = await read(true);
  if (records.length === 0) {
    const counted = await cappedCount(filtered, ctx).executeTakeFirst();
    return pageOf([], await totalFrom(Number(counted?.total ?? 0), filtered, ctx, timeField), current, size);
  }
  const counted = Number(records[0][PAGE_TOTAL] ?? 0);
  const rows = records.map(({ [PAGE_TOTAL]: _counted, ...row }) => row);
  return pageOf(await wire(rows), await totalFrom(counted, filtered, ctx, timeField), current, size);
}

/**
 * The rows after the row `afterId`, in `order` (which ends with the id): each field equal up to one that comes after,
 * the lexicographic step a keyset page starts from. Undefined when the row is gone or a field it is ordered by is
 * empty (SQL orders nulls apart), where the page is then read by its number.
 */
async function rowsAfter(filtered: AnySelect, order: Order, afterId: unknown) {
  if (afterId === undefined || afterId === '') return undefined;
  const fields = order.map(([field]) => field);
  const last = await filtered.select(fields).where('id', '=', Number(afterId)).executeTakeFirst();
  if (!last || fields.some((field) => last[field] === null || last[field] === undefined)) return undefined;
  const [[first, firstDirection]] = order;
  return (rows: AnySelect) =>
    rows
      // The same rows, bounded by the first field alone too: the bound an index range starts from, where the
      // alternatives alone would have the database walk the index from the list's start to the row.
      .where(first, firstDirection === 'desc' ? '<=' : '>=', last[first])
      .where((eb) =>
        eb.or(
          order.map(([field, direction], at) =>
            eb.and([
              ...order.slice(0, at).map(([before]) => eb(before, '=', last[before])),
              eb(field, direction === 'desc' ? '<' : '>', last[field]),
            ]),
          ),
        ),
      );
}

/** Wire rows with the linked row's fields beside them, "" where the link is empty or its row gone. */
async function withLinked(ctx: AppContext, linked: Linked, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((row) => row[linked.column]).filter((id) => id !== ''))].map(Number);
  const names = Object.keys(linked.fields);
  const found = ids.length
    ? await anyDb(ctx)
        .selectFrom(linked.table)
        .select(['id', ...names])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(found.map((row) => [String(row.id), row]));
  return rows.map((row) => {
    const other = byId.get(String(row[linked.column]));
    return Object.assign({}, row, Object.fromEntries(names.map((name) => [name, other?.[name] ?? ''])));
  });
}

export const idsOf = (text: string): number[] => text.split(',').map(Number);

/** The first department of a comma list, the one a new row is filed under. */
const firstDept = (deptId: string | undefined): number | null => {
  const first = deptId?.split(',')[0];
  return first && /^\d+$/.test(first) ? Number(first) : null;
};

/** A body value as the column stores it: "" becomes null for non-text columns; a date must be on the calendar. */
function storedValue(label: string, type: string, value: unknown): unknown {
  if (value === undefined) return undefined;
  if (value === '' && type !== 'text') return null;
  if (type === 'id' && value !== null) return Number(value);
  if (type === 'datetime' && typeof value === 'string') {
    const date = parseDate(value);
    if (!date) throw badRequest(inputMessages.badDate(label));
    return date.value;
  }
  return value;
}

export function compileResource(definition: ResourceDefinition): Resource {
  const base = definition.base ?? true;
  const fields: Fields = base ? { ...baseFields, ...definition.fields } : definition.fields;
  const plainWire = wireSerializer(fields, definition.hidden);
  const { derived } = definition;
  // Per row, `Object.assign` rather than `{ ...a, ...b }`: V8 makes an object of two spreads in a way the young
  // generation's collections cannot free, so every listed row outlived its answer until a full collection (a long
  // export filled the old generation with them).
  const toWire: WireSerializer = derived ? (row) => Object.assign(plainWire(row), derived(row)) : plainWire;
  const { table } = definition;
  const fallback: Order = definition.defaultOrder ?? (base ? [] : [['createTime', 'desc']]);

  const scopeOf = async (request: FastifyRequest): Promise<ScopeWhere> =>
    definition.dataScope ? scopeWhere(request, definition.menu, definition.scopeDept) : null;

  const live = (query: AnySelect, scope: ScopeWhere): AnySelect => {
    let q = base ? query.where('isDeleted', '=', 0) : query;
    if (scope) q = q.where(scope);
    return q;
  };

  const visible: Resource['visible'] = async (ctx, request) =>
    live(anyDb(ctx).selectFrom(table), await scopeOf(request));

  const filtered: Resource['filtered'] = async (ctx, request, query) => {
    let rows = await visible(ctx, request);
    for (const where of filterConditions(query, fields, ctx.dialect, PAGING_KEYS)) rows = rows.where(where);
    for (const where of keywordConditions(query, definition.keywords ?? {}, ctx.dialect)) rows = rows.where(where);
    const { linked } = definition;
    if (linked) {
      for (const where of filterConditions(query, linked.fields, ctx.dialect, PAGING_KEYS)) {
        rows = rows.where(linked.column, 'in', anyDb(ctx).selectFrom(linked.table).select('id').where(where));
      }
    }
    return rows;
  };

  const page: Resource['page'] = async (ctx, request, query) => {
    const order = orderOf(query, fields, fallback, 'id' in fields);
    const { linked } = definition;
    const rows = await filtered(ctx, request, query);
    const after = 'id' in fields ? await rowsAfter(rows, order, query.afterId) : undefined;
    return pageOfSelect(
      rows,
      query,
      () => order,
      (found) => (linked ? withLinked(ctx, linked, found.map(toWire)) : found.map(toWire)),
      { ctx, after, timeField: 'createTime' in fields ? 'createTime' : undefined },
    );
  };

  const find: Resource['find'] = async (ctx, request, id) => {
    const row = await (await visible(ctx, request)).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row;
  };

  /** A field as the caller's screen names it, for refusals the schema could not give. */
  const nameOf = (request: FastifyRequest, name: string): string => {
    const spec = fields[name];
    if (!spec) return name;
    return languageOf(request) === 'en' ? spec.en : spec.label;
  };

  const writable = (request: FastifyRequest, body: Row): Row => {
    const row: Row = {};
    for (const [name, spec] of Object.entries(fields)) {
      if (spec.readOnly || !(name in body)) continue;
      const value = storedValue(nameOf(request, name), spec.type, body[name]);
      if (value !== undefined) row[name] = value === null ? (spec.emptyMeans ?? null) : value;
    }
    return row;
  };

  /** Rich text as it may be stored; a required one with nothing allowed left in it is refused as empty. */
  const keepToAllowlist = (request: FastifyRequest, row: Row): void => {
    for (const [name, spec] of Object.entries(fields)) {
      const value = row[name];
      if (!spec.richText || typeof value !== 'string') continue;
      const clean = cleanRichText(value);
      if (clean.blank && spec.required) throw badRequest(inputMessages.empty(nameOf(request, name)));
      row[name] = clean.html;
    }
  };

  /** A submit body checked, as the row to write and the stored row it changes (null: an add). */
  const checked = async (ctx: AppContext, request: FastifyRequest, body: Row) => {
    const id = body.id === undefined || body.id === null || body.id === '' ? null : Number(body.id);
    const existing = id === null ? null : await find(ctx, request, id);
    const row = writable(request, body);
    keepToAllowlist(request, row);
    const notNull = await notNullFields(ctx, table);
    const emptied = Object.keys(row).find((name) => row[name] === null && notNull.has(name));
    if (emptied) throw badRequest(inputMessages.empty(nameOf(request, emptied)));
    await definition.validate?.({ request, ctx, db: anyDb(ctx), row, existing });
    return { id, row, existing };
  };

  const write = async (
    ctx: AppContext,
    request: FastifyRequest,
    { id, row, existing }: Awaited<ReturnType<typeof checked>>,
  ): Promise<number> => {
    const user = request.user;
    const stamp = now();
    return anyDb(ctx)
      .transaction()
      .execute(async (trx: AnyTrx) => {
        const event = { request, ctx, db: trx, row, existing };
        await definition.beforeSave?.(event);
        let savedId: number;
        if (existing) {
          savedId = id as number;
          if (base) Object.assign(row, { updateUser: user?.userId ?? null, updateTime: stamp });
          if (Object.keys(row).length > 0) await trx.updateTable(table).set(row).where('id', '=', savedId).execute();
        } else {
          savedId = nextId();
          const audit = base
            ? {
                createUser: user?.userId ?? null,
                createDept: firstDept(user?.deptId),
                createTime: stamp,
                updateUser: user?.userId ?? null,
                updateTime: stamp,
                isDeleted: 0,
              }
            : {};
          Object.assign(row, { id: savedId, ...audit, ...row });
          await trx.insertInto(table).values(row).execute();
        }
        await definition.afterSave?.({ ...event, id: savedId });
        await recordSave(definition, trx, request, existing, savedId);
        return savedId;
      });
  };

  const save: Resource['save'] = async (ctx, request, body) => write(ctx, request, await checked(ctx, request, body));

  const submit: Resource['submit'] = async (ctx, request, body) => {
    const asked = await checked(ctx, request, body);
    const { row, existing } = asked;
    const held = await definition.hold?.({
      action: existing ? 'edit' : 'add',
      request,
      ctx,
      row: { ...row },
      existing,
    });
    return held ? { held } : { id: await write(ctx, request, asked) };
  };

  const remove: Resource['remove'] = async (ctx, request, ids) => {
    if (ids.length === 0) throw badRequest(NOTHING_SELECTED);
    const scope = await scopeOf(request);
    const removed = await anyDb(ctx)
      .transaction()
      .execute(async (trx: AnyTrx) => {
        const found = await live(trx.selectFrom(table), scope).select('id').where('id', 'in', ids).execute();
        if (found.length === 0) throw notFound();
        const foundIds = found.map((row) => Number(row.id));
        await definition.beforeRemove?.({ request, ctx, db: trx, ids: foundIds });
        const recordRemoval = await removalRecorder(definition, trx, request, foundIds);
        const change = base
          ? trx
              .updateTable(table)
              .set({ isDeleted: 1, updateUser: request.user?.userId ?? null, updateTime: now() })
              .where('id', 'in', foundIds)
          : trx.deleteFrom(table).where('id', 'in', foundIds);
        await change.execute();
        await recordRemoval();
        return foundIds;
      });
    await definition.afterRemove?.({ request, ctx, db: anyDb(ctx), ids: removed });
  };

  const removeAsked: Resource['removeAsked'] = async (ctx, request, ids) => {
    if (ids.length === 0) throw badRequest(NOTHING_SELECTED);
    const held = await definition.hold?.({ action: 'remove', request, ctx, ids });
    if (held) return held;
    await remove(ctx, request, ids);
    return null;
  };

  return {
    definition,
    fields,
    base,
    toWire,
    db: anyDb,
    visible,
    filtered,
    page,
    find,
    save,
    remove,
    submit,
    removeAsked,
  };
}
