// Turns a Fastify (ajv) validation error into one message that names the field by its label, in the caller's
// language (Chinese by default, English for Accept-Language: en).
import type { FastifySchemaValidationError } from 'fastify';
import type { Language } from './language.js';
import { englishRequired } from './messages-en.js';

/** A field's name in both languages (an engine field's `label` and `en`). */
export interface FieldName {
  label: string;
  en: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Messages for required fields of this route's input, e.g. { paramName: '请输入参数名称' }. */
    fieldMessages?: Record<string, string>;
    /** The names of this route's input fields, so a refusal names the field as the screen does. */
    fieldNames?: Record<string, FieldName>;
  }
}

const TYPE_NAMES: Record<Language, Record<string, string>> = {
  zh: {
    integer: '整数',
    number: '数字',
    string: '字符串',
    boolean: '布尔值',
    array: '数组',
    object: '对象',
    null: '空值',
  },
  en: {
    integer: 'an integer',
    number: 'a number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'empty',
  },
};

const typeName = (type: unknown, language: Language): string =>
  (Array.isArray(type) ? type : [type])
    .filter((t) => t !== 'null')
    .map((t) => TYPE_NAMES[language][String(t)] ?? String(t))
    .join(language === 'zh' ? '或' : ' or ');

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

export interface MessageOptions {
  language?: Language;
  messages?: Record<string, string>;
  names?: Record<string, FieldName>;
}

/** A Chinese label runs into the sentence (参数键值长度…); a bare field name keeps a space (paramValue 长度…). */
const zhSubject = (name: string) => (/[\u4e00-\u9fff]$/.test(name) ? name : `${name} `);

type Rule = (name: string, params: Params) => string;

const RULES: Record<Language, Record<string, Rule>> = {
  zh: {
    required: (n) => `${zhSubject(n)}不能为空`,
    minLength: (n, p) => `${zhSubject(n)}长度不能少于 ${p.limit} 个字符`,
    maxLength: (n, p) => `${zhSubject(n)}长度不能超过 ${p.limit} 个字符`,
    type: (n, p) => `${zhSubject(n)}必须是${typeName(p.type, 'zh')}`,
    minimum: (n, p) => `${zhSubject(n)}不能小于 ${p.limit}`,
    maximum: (n, p) => `${zhSubject(n)}不能大于 ${p.limit}`,
    exclusiveMinimum: (n, p) => `${zhSubject(n)}必须大于 ${p.limit}`,
    exclusiveMaximum: (n, p) => `${zhSubject(n)}必须小于 ${p.limit}`,
    enum: (n, p) => `${zhSubject(n)}必须是以下值之一: ${allowed(p)}`,
    minItems: (n, p) => `${zhSubject(n)}至少需要 ${p.limit} 项`,
    maxItems: (n, p) => `${zhSubject(n)}最多 ${p.limit} 项`,
    additionalProperties: (n) => `不支持的字段 ${n}`,
    invalid: (n) => `${zhSubject(n)}格式不正确`,
    outOfRange: (n) => `${zhSubject(n)}超出允许范围`,
  },
  en: {
    required: (n) => `${n} is required`,
    minLength: (n, p) => `${n} must have at least ${p.limit} characters`,
    maxLength: (n, p) => `${n} must not exceed ${p.limit} characters`,
    type: (n, p) => `${n} must be ${typeName(p.type, 'en')}`,
    minimum: (n, p) => `${n} must not be less than ${p.limit}`,
    maximum: (n, p) => `${n} must not be greater than ${p.limit}`,
    exclusiveMinimum: (n, p) => `${n} must be greater than ${p.limit}`,
    exclusiveMaximum: (n, p) => `${n} must be less than ${p.limit}`,
    enum: (n, p) => `${n} must be one of: ${allowed(p)}`,
    minItems: (n, p) => `${n} needs at least ${p.limit} items`,
    maxItems: (n, p) => `${n} takes at most ${p.limit} items`,
    additionalProperties: (n) => `Unsupported field ${n}`,
    invalid: (n) => `${n} is not valid`,
    outOfRange: (n) => `${n} is out of range`,
  },
};

const allowed = (params: Params) => (params.allowedValues as unknown[]).filter((v) => v !== null).join(', ');

const NO_ERROR: Record<Language, string> = { zh: '参数校验失败', en: 'The request is not valid' };

/** The message a missing or emptied required field gets: the field's own (请输入参数名称), else the rule's. */
function requiredMessage(name: string, language: Language, own: string | undefined): string {
  if (own === undefined) return RULES[language].required(name, {});
  return language === 'zh' ? own : englishRequired(own, name);
}

export function validationMessage(
  errors: FastifySchemaValidationError[],
  context: string | undefined,
  { language = 'zh', messages = {}, names = {} }: MessageOptions = {},
): string {
  // `if/then/else` adds a summary error after the real one; report the real one.
  const error = errors.find((e) => e.keyword !== 'if') ?? errors[0];
  if (!error) return NO_ERROR[language];
  const field = fieldOf(error, context);
  const known = names[field];
  const name = known ? (language === 'zh' ? known.label : known.en) : field;
  const params = error.params as Params;
  if (error.keyword === 'required') return requiredMessage(name, language, messages[field]);
  const emptied = error.keyword === 'minLength' && params.limit === 1 && messages[field];
  // A required text's `\S` pattern: blank is as good as missing.
  if (emptied || (error.keyword === 'pattern' && params.pattern === NOT_BLANK)) {
    return requiredMessage(name, language, messages[field]);
  }
  // The input guard's default bounds (±MAX_SAFE_INTEGER) are no limit of the field's own: name them as a range.
  const bound = error.keyword === 'minimum' || error.keyword === 'maximum';
  if (bound && Math.abs(Number(params.limit)) === Number.MAX_SAFE_INTEGER)
    return RULES[language].outOfRange(name, params);
  const rule = RULES[language][error.keyword] ?? RULES[language].invalid;
  return rule(name, params);
}

/** Refusals of input that passed the schema but cannot be stored; one place, so each reads the same way. */
export const inputMessages = {
  empty: (field: string) => `${zhSubject(field)}不能为空`,
  outOfRange: (field: string) => `${zhSubject(field)}超出允许范围`,
  nulByte: (field: string) => `${zhSubject(field)}不能包含空字符`,
  badDate: (field: string) => `${zhSubject(field)}不是有效的日期`,
  tooDeep: (limit: number) => `请求体嵌套层级过深 (最多 ${limit} 层)`,
};
