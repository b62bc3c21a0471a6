// Limits every request meets before any route sees it, so no route can forget them: JSON bodies are bounded in
// size and nesting depth, numbers are finite and within the safe integers, and text never carries a NUL byte.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { badRequest } from './envelope.js';
import { fieldsOf } from './route-plugin.js';
import { inputMessages } from './validation.js';

/** A console form nests a few levels at most; a deeper body is an attack on whatever walks it. */
export const MAX_BODY_DEPTH = 32;
/** The JSON body limit (uploads are multipart, with their own limit, UPLOAD_MAX_MB). */
export const MAX_BODY_BYTES = 1024 * 1024;

type Schema = Record<string, unknown>;

/** A copy of a route schema where every number and integer without bounds gets ±MAX_SAFE_INTEGER. */
function finite(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(finite);
  if (schema === null || typeof schema !== 'object') return schema;
  const copy: Schema = {};
  for (const [key, value] of Object.entries(schema)) copy[key] = key === 'enum' ? value : finite(value);
  const types = [copy.type].flat();
  if (types.includes('integer') || types.includes('number')) {
    copy.minimum ??= -Number.MAX_SAFE_INTEGER;
    copy.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  return copy;
}

function boundNumbers(route: RouteOptions): void {
  if (route.schema) route.schema = finite(route.schema) as RouteOptions['schema'];
}

/** The deepest nesting of arrays and objects in a parsed body, walked without recursion. */
export function nestingDepth(root: unknown): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[root, 0]];
  while (pending.length) {
    const [value, depth] = pending.pop() as [unknown, number];
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const child of Object.values(value)) pending.push([child, depth + 1]);
  }
  return deepest;
}

/** Before validation, so nothing (the schema check, a handler, the API log) ever walks a deeper body. */
async function refuseDeepBody(request: FastifyRequest): Promise<void> {
  if (nestingDepth(request.body) > MAX_BODY_DEPTH) throw badRequest(inputMessages.tooDeep(MAX_BODY_DEPTH));
}

/**
 * The path (`remark`, `items.0.name`) of the first value no column can take: text holding a NUL byte, or a number
 * that is not finite. Ajv checks neither: it coerces `size=Infinity` to a number and skips its limits for it, and
 * JSON's `1e400` parses as Infinity. Walked without recursion.
 */
function unstorable(root: unknown): { path: string; message: (field: string) => string } | null {
  const pending: Array<[unknown, string]> = [[root, '']];
  while (pending.length) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string' && value.includes('\u0000')) return { path, message: inputMessages.nulByte };
    if (typeof value === 'number' && !Number.isFinite(value)) return { path, message: inputMessages.outOfRange };
    if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) {
      for (const [key, child] of Object.entries(value)) pending.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

/** After validation, so the query's coerced values are checked too. */
async function refuseUnstorable(request: FastifyRequest): Promise<void> {
  const found = unstorable(request.query) ?? unstorable(request.body);
  if (found) throw badRequest(found.message(found.path || 'body'));
}

/**
 * An empty `parentId` means "absent": BladeX clients (Saber's menu, department and scope screens) send `parentId=`
 * with a search, and a lazy list or tree then answers every match instead of refusing the empty id.
 */
async function dropEmptyParent(request: FastifyRequest): Promise<void> {
  const query = fieldsOf(request.query);
  if (query && query.parentId === '') delete query.parentId;
}

export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRoute', boundNumbers);
  app.addHook('preValidation', dropEmptyParent);
  app.addHook('preValidation', refuseDeepBody);
  app.addHook('preHandler', refuseUnstorable);
}
