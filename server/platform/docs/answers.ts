// What each call answers, as the document says it: its 2xx answer (the BladeX envelope around the record, page or
// rows it declares, or what `config.answer` says) and the refusals it can meet, all as shared components. Only the
// document reads these schemas; no route serialises with them, so the wire keeps every property it has.
import type { FastifyContextConfig } from 'fastify';
import { type AnswerDoc, answerDoc, envelope, type RecordFields, recordDoc } from './record.js';

const REFUSAL = '#/components/schemas/Refusal';

/** The refusals the server answers (errors.ts), each the envelope with `success` false and `data` null. */
export const REFUSALS = {
  BadRequest: { status: 400, description: '输入不正确 (validation names the field), or a business refusal' },
  Unauthorized: { status: 401, description: '缺失令牌 / 令牌已失效 / 请求未授权' },
  Forbidden: { status: 403, description: '缺少访问权限: the menu, button or interface scope is not granted' },
  NotFound: { status: 404, description: '数据不存在' },
  TooManyRequests: {
    status: 429,
    description: '请求过于频繁: an anonymous call past its rate limit (docs/rate-limits.md), with Retry-After',
  },
  ServerError: { status: 500, description: '服务器异常 (production hides the internal message)' },
} as const;

/** The shared parts every answer is built from. */
export function sharedComponents() {
  const json = (schema: object) => ({ 'application/json': { schema } });
  return {
    schemas: {
      Refusal: {
        type: 'object',
        required: ['code', 'success', 'data', 'msg'],
        properties: {
          code: { type: 'integer', minimum: 400 },
          success: { const: false },
          data: { type: 'null' },
          msg: { type: 'string' },
        },
      },
      Answer: envelope({ description: 'what the call carries (not described further)' }),
      Nothing: envelope({ type: 'null' }),
      // A node of the trees the pickers and grant dialogs draw (server/system/menus/tree.ts), its children nodes too.
      TreeNode: {
        type: 'object',
        required: ['id', 'parentId', 'title', 'key', 'value'],
        properties: {
          id: { type: 'string' },
          parentId: { type: 'string' },
          title: { type: 'string' },
          key: { type: 'string' },
          value: { type: 'string' },
          hasChildren: { type: 'boolean' },
          children: { type: 'array', items: { $ref: '#/components/schemas/TreeNode' } },
        },
      },
      FieldLimits: {
        type: 'object',
        required: ['label', 'en', 'required'],
        properties: {
          label: { type: 'string' },
          en: { type: 'string' },
          required: { type: 'boolean' },
          maxLength: { type: 'integer' },
          minimum: { type: 'number' },
          maximum: { type: 'number' },
          enum: { type: 'array', items: { type: 'number' } },
        },
      },
    },
    responses: Object.fromEntries(
      Object.entries(REFUSALS).map(([name, { description }]) => [
        name,
        { description, content: json({ $ref: REFUSAL }) },
      ]),
    ),
  };
}

/** A call reading or writing one row by its key, which answers 404 when there is none. */
function takesKey(schema: Record<string, unknown>, answers: FastifyContextConfig['answers']): boolean {
  if (answers === 'record') return true;
  const names = (part: unknown) => Object.keys((part as { properties?: object } | undefined)?.properties ?? {});
  return [...names(schema.querystring), ...names(schema.params)].some((name) => name === 'id' || name === 'ids');
}

/** A tree's `children` are rows of the same record (a menu's, a department's): said so, a client types them too. */
function withChildNodes(schema: ReturnType<typeof recordDoc>, name: string): object {
  const children = schema.properties.children;
  if (children?.type !== 'array') return schema;
  const items = { $ref: `#/components/schemas/${name}` };
  return { ...schema, properties: { ...schema.properties, children: { ...children, items } } };
}

/** The records answers hold, shared under components.schemas by a name from the first call answering each. */
export class SharedRecords {
  readonly schemas: Record<string, object> = {};
  private readonly named = new Map<string, string>();

  /** A schema shared under `name`, or as it is without one. */
  shared(schema: object, name: string | undefined): object {
    if (!name) return schema;
    this.schemas[name] = schema;
    return { $ref: `#/components/schemas/${name}` };
  }

  /** `/api/blade-system/order/stats/daily` → `OrderStats`; a second, different record there → `OrderStatsDaily`;
   * `/api/blade-user/page` → `User`. */
  refOf(record: RecordFields, url: string): { $ref: string } {
    const schema = recordDoc(record);
    const text = JSON.stringify(schema);
    let name = this.named.get(text);
    if (!name) {
      const [service, ...rest] = url
        .replace(/^\/api\//, '')
        .split('/')
        .filter((word) => word && !word.startsWith('{') && !word.startsWith(':'));
      // `/api/blade-user/page` names its record after the service (User), not after the verb (Page).
      const words = rest.length === 1 ? [service.replace(/^blade-/, ''), ...rest] : rest;
      const pascal = (list: string[]) =>
        list.map((word) => word.replace(/(^|[-_])(\w)/g, (_, __, c) => c.toUpperCase())).join('');
      const candidates = [pascal(words.length > 1 ? words.slice(0, -1) : words), pascal(words)];
      name = candidates.find((candidate) => !this.schemas[candidate]);
      for (let n = 2; !name; n += 1) if (!this.schemas[`${candidates[1]}${n}`]) name = `${candidates[1]}${n}`;
      this.named.set(text, name);
      this.schemas[name] = withChildNodes(schema, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }
}

const json = (schema: object) => ({ content: { 'application/json': { schema } } });

/** The 2xx answer of a call: its declared record in the envelope, what `answer` says, or the envelope alone. */
function success(config: FastifyContextConfig, url: string, records: SharedRecords) {
  const { record, answer } = config;
  for (const [name, schema] of Object.entries(answer?.components ?? {})) records.shared(schema, name);
  if (record) {
    return { description: '操作成功', ...json(answerDoc(records.refOf(record, url), config.answers ?? 'page')) };
  }
  if (answer && 'flat' in answer)
    return { description: '成功 (no envelope)', ...json(records.shared(answer.flat, answer.name)) };
  if (answer) return { description: '操作成功', ...json(envelope(records.shared(answer.data, answer.name))) };
  return { description: '操作成功', ...json({ $ref: '#/components/schemas/Answer' }) };
}

/** Every answer of a call: its success and the refusals it can meet (a flat answer's refusals are flat too). */
export function responsesOf(
  config: FastifyContextConfig,
  schema: Record<string, unknown>,
  url: string,
  records: SharedRecords,
) {
  const ref = (name: keyof typeof REFUSALS) => ({ $ref: `#/components/responses/${name}` });
  const own = config.answer?.refusal;
  if (own) {
    const shape = records.shared(own, config.answer?.name && `${config.answer.name}Refusal`);
    const refusal = { description: '拒绝 (its own shape)', ...json(shape) };
    const limited = config.access === 'public' ? { 429: refusal } : {};
    return { 200: success(config, url, records), 400: refusal, 401: refusal, ...limited, 500: refusal };
  }
  const guarded = config.access !== 'public';
  const refusedWith = config.answer?.refusedWith;
  return {
    200: success(config, url, records),
    400: refusedWith
      ? {
          description: REFUSALS.BadRequest.description,
          ...json({ anyOf: [{ $ref: REFUSAL }, envelope(records.shared(refusedWith, undefined))] }),
        }
      : ref('BadRequest'),
    ...(guarded ? { 401: ref('Unauthorized'), 403: ref('Forbidden') } : {}),
    ...(takesKey(schema, config.answers) ? { 404: ref('NotFound') } : {}),
    // Every anonymous call is rate limited (server/system/auth/rate-limits.ts).
    ...(guarded ? {} : { 429: ref('TooManyRequests') }),
    500: ref('ServerError'),
  };
}

export type { AnswerDoc };
