// What a read call answers and which filters a list takes, declared on the route (`config.record`,
// `config.filters`) from the resource's own fields: the OpenAPI document and the page checks read it, the engine
// runs on the same fields, so the two cannot differ.
import type { FieldSpec } from '../engine/types.js';

/** A field only an answer has, not a column a resource stores: a flag, a figure with decimals, a tree's children. */
export interface AnswerField {
  type: 'boolean' | 'number' | 'array' | 'object';
  label: string;
  en: string;
  /** An `object`'s own fields (home/data's `today.revenue`): the document declares them, the page checks follow them. */
  fields?: RecordFields;
}

/** A nested record of an answer, its fields declared: `nested('今日', 'Today', DAY_FLOWS_RECORD)`. */
export const nested = (label: string, en: string, fields: RecordFields): AnswerField => ({
  type: 'object',
  label,
  en,
  fields,
});

/** A record as a read call declares it: a resource's fields, and what the call adds to them. */
export type RecordFields = Record<string, FieldSpec | AnswerField>;

/** The record of an answer typed `T`: each of its fields declared, none it does not have. */
export type Declared<T> = Record<keyof T, FieldSpec | AnswerField>;

/**
 * A JSON schema of an answer, for the document only; with a `name`, shared as that component. A call with an
 * error handler of its own says how it refuses (`refusal`, shared as `<name>Refusal`).
 */
export type AnswerDoc = ({ data: object } | { flat: object }) & {
  name?: string;
  refusal?: object;
  /** The `data` a 400 may carry besides null (the studio's checks list a page's problems there). */
  refusedWith?: object;
  /** Records the answer refers to (`component(name)`), shared under those names. */
  components?: Record<string, object>;
};

/** The JSON schema of an answer's object: its properties, all of them there unless `optional` names some. */
export const shape = (properties: Record<string, object>, optional: string[] = []) => ({
  type: 'object',
  required: Object.keys(properties).filter((name) => !optional.includes(name)),
  properties,
});

/** A list of `items`. */
export const listOf = (items: object) => ({ type: 'array', items });

/** A shared component (answers.ts, or one an answer names). */
export const component = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Plain JSON types of an answer's values, described. */
export const text = (description?: string) => ({ type: 'string', ...(description ? { description } : {}) });
export const integer = (description?: string) => ({ type: 'integer', ...(description ? { description } : {}) });
export const flag = (description?: string) => ({ type: 'boolean', ...(description ? { description } : {}) });
export const nullable = (schema: object) => ({ anyOf: [schema, { type: 'null' }] });

/** A write answering `R.success`: the envelope with `data` null. */
export const NOTHING: AnswerDoc = { data: { type: 'null' } };

/** A resource's `fields` call: each writable field's limits, by name. */
export const FIELD_LIMITS: AnswerDoc = {
  data: { type: 'object', additionalProperties: { $ref: '#/components/schemas/FieldLimits' } },
};

/** A field of an answer, named in both languages: `field('text', '标题', 'Title')`. */
export const field = (
  type: FieldSpec['type'] | AnswerField['type'],
  label: string,
  en: string,
): FieldSpec | AnswerField => ({ type, label, en }) as FieldSpec | AnswerField;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The fields of one row of the answer: a list's or page's `records`, a detail's `data`, a figure's `data`. */
    record?: RecordFields;
    /** What the answer's `data` is around the record: a page of records (default for a list), the record, or rows. */
    answers?: 'page' | 'record' | 'rows';
    /** The fields a list filters on, each as `<field>` or `<field>_<suffix>`. */
    filters?: string[];
    /**
     * What a call without a record answers, for the document only (nothing serialises with it, so the wire keeps
     * every property): the envelope's `data`, or a whole `flat` answer without the envelope (sign-in).
     */
    answer?: AnswerDoc;
  }
}

const WIRE_TYPES: Record<FieldSpec['type'] | AnswerField['type'], string> = {
  id: 'string',
  ids: 'string',
  text: 'string',
  integer: 'integer',
  datetime: 'string',
  boolean: 'boolean',
  number: 'number',
  array: 'array',
  object: 'object',
};

/** A field of the record in the document: its JSON type, its Chinese name as title, its English beside it. */
export const fieldDoc = (spec: FieldSpec | AnswerField): Record<string, unknown> => ({
  type: WIRE_TYPES[spec.type],
  title: spec.label,
  'x-en': spec.en,
  ...(spec.type === 'datetime' ? { format: 'yyyy-MM-dd HH:mm:ss' } : {}),
  ...('money' in spec && spec.money ? { description: '分 (cents)' } : {}),
  ...('fields' in spec && spec.fields ? { properties: propertiesOf(spec.fields) } : {}),
});

const propertiesOf = (record: RecordFields) =>
  Object.fromEntries(Object.entries(record).map(([name, spec]) => [name, fieldDoc(spec)]));

/** A stored column, which an answer always carries (null-to-empty, contract §2); an answer's own field may be left out. */
const STORED: ReadonlySet<string> = new Set(['id', 'ids', 'text', 'integer', 'datetime']);

/** The record as a JSON schema, its stored columns required. */
export const recordDoc = (record: RecordFields) => ({
  type: 'object',
  required: Object.entries(record)
    .filter(([, spec]) => STORED.has(spec.type))
    .map(([name]) => name),
  properties: propertiesOf(record),
});

/** The BladeX envelope around `data`: every part always there (`data` null when there is nothing to carry). */
export function envelope(data: object) {
  return {
    type: 'object',
    required: ['code', 'success', 'data', 'msg'],
    properties: { code: { type: 'integer' }, success: { type: 'boolean' }, data, msg: { type: 'string' } },
  };
}

/** The answer of a call declaring its record (`row`, its schema or a reference to it), as the document's 200 response. */
export function answerDoc(row: object, answers: 'page' | 'record' | 'rows') {
  if (answers === 'record') return envelope(row);
  if (answers === 'rows') return envelope({ type: 'array', items: row });
  return envelope({
    type: 'object',
    required: ['records', 'total', 'size', 'current', 'pages'],
    properties: {
      records: { type: 'array', items: row },
      total: { type: 'integer' },
      size: { type: 'integer' },
      current: { type: 'integer' },
      pages: { type: 'integer' },
      orders: { type: 'array', items: {} },
      searchCount: { type: 'boolean' },
    },
  });
}
