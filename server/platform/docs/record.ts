// What a read call answers and which filters a list takes, declared on the route (`config.record`,
// `config.filters`) from the resource's own fields: the OpenAPI document and the page checks read it, the engine
// runs on the same fields, so the two cannot differ.
import type { FieldSpec } from '../engine/types.js';

/** A field only an answer has, not a column a resource stores: a flag, a figure with decimals, a tree's children. */
export interface AnswerField {
  type: 'boolean' | 'number' | 'array' | 'object';
  label: string;
  en: string;
}

/** A record as a read call declares it: a resource's fields, and what the call adds to them. */
export type RecordFields = Record<string, FieldSpec | AnswerField>;

/** The record of an answer typed `T`: each of its fields declared, none it does not have. */
export type Declared<T> = Record<keyof T, FieldSpec | AnswerField>;

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
export const fieldDoc = (spec: FieldSpec | AnswerField) => ({
  type: WIRE_TYPES[spec.type],
  title: spec.label,
  'x-en': spec.en,
  ...(spec.type === 'datetime' ? { format: 'yyyy-MM-dd HH:mm:ss' } : {}),
  ...('money' in spec && spec.money ? { description: '分 (cents)' } : {}),
});

/** The record as a JSON schema. */
export const recordDoc = (record: RecordFields) => ({
  type: 'object',
  properties: Object.fromEntries(Object.entries(record).map(([name, spec]) => [name, fieldDoc(spec)])),
});

/** The BladeX envelope around `data`. */
function envelope(data: object) {
  return {
    type: 'object',
    properties: { code: { type: 'integer' }, success: { type: 'boolean' }, msg: { type: 'string' }, data },
  };
}

/** The answer of a call declaring its record, as the document's 200 response. */
export function answerDoc(record: RecordFields, answers: 'page' | 'record' | 'rows') {
  const row = recordDoc(record);
  if (answers === 'record') return envelope(row);
  if (answers === 'rows') return envelope({ type: 'array', items: row });
  return envelope({
    type: 'object',
    properties: {
      records: { type: 'array', items: row },
      total: { type: 'integer' },
      size: { type: 'integer' },
      current: { type: 'integer' },
      pages: { type: 'integer' },
    },
  });
}
