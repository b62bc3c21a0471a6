// Turns a Fastify (ajv) validation error into one Chinese message that names the field.
import type { FastifySchemaValidationError } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Messages for required fields of this route's input, e.g. { paramName: '请输入参数名称' }. */
    fieldMessages?: Record<string, string>;
  }
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '字符串',
  boolean: '布尔值',
  array: '数组',
  object: '对象',
  null: '空值',
};

const typeName = (type: unknown): string =>
  (Array.isArray(type) ? type : [type])
    .filter((t) => t !== 'null')
    .map((t) => TYPE_NAMES[String(t)] ?? String(t))
    .join('或');

type Params = Record<string, unknown>;

/** The pattern of a required text: at least one character that is not white space. */
export const NOT_BLANK = '\\S';

/** The field an error is about: the missing property, or the path of the bad value. */
export function fieldOf(error: FastifySchemaValidationError, context?: string): string {
  const params = error.params as Params;
  if (typeof params.missingProperty === 'string') return params.missingProperty;
  if (typeof params.additionalProperty === 'string') return params.additionalProperty;
  const path = error.instancePath.replace(/^\//, '').replaceAll('/', '.');
  return path || context || '';
}

export function validationMessage(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  messages: Record<string, string> = {},
): string {
  // `if/then/else` adds a summary error after the real one; report the real one.
  const error = errors.find((e) => e.keyword !== 'if') ?? errors[0];
  if (!error) return '参数校验失败';
  const field = fieldOf(error, context);
  const params = error.params as Params;
  switch (error.keyword) {
    case 'required':
      return messages[field] ?? `${field} 不能为空`;
    case 'minLength':
      return params.limit === 1 && messages[field] ? messages[field] : `${field} 长度不能少于 ${params.limit} 个字符`;
    case 'maxLength':
      return `${field} 长度不能超过 ${params.limit} 个字符`;
    case 'type':
      return `${field} 必须是${typeName(params.type)}`;
    case 'minimum':
    case 'maximum':
      if (Math.abs(Number(params.limit)) === Number.MAX_SAFE_INTEGER) return inputMessages.outOfRange(field);
      return `${field} ${error.keyword === 'minimum' ? '不能小于' : '不能大于'} ${params.limit}`;
    case 'pattern':
      // A required text's `\S` pattern: blank is as good as missing.
      if (params.pattern === NOT_BLANK) return messages[field] ?? inputMessages.empty(field);
      return `${field} 格式不正确`;
    case 'exclusiveMinimum':
      return `${field} 必须大于 ${params.limit}`;
    case 'exclusiveMaximum':
      return `${field} 必须小于 ${params.limit}`;
    case 'enum':
      return `${field} 必须是以下值之一: ${(params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}`;
    case 'minItems':
      return `${field} 至少需要 ${params.limit} 项`;
    case 'maxItems':
      return `${field} 最多 ${params.limit} 项`;
    case 'additionalProperties':
      return `不支持的字段 ${field}`;
    default:
      return `${field} 格式不正确`;
  }
}

/** Refusals of input that passed the schema but cannot be stored; one place, so each reads the same way. */
export const inputMessages = {
  empty: (field: string) => `${field} 不能为空`,
  outOfRange: (field: string) => `${field} 超出允许范围`,
  nulByte: (field: string) => `${field} 不能包含空字符`,
  badDate: (field: string) => `${field} 不是有效的日期`,
  tooDeep: (limit: number) => `请求体嵌套层级过深 (最多 ${limit} 层)`,
};
