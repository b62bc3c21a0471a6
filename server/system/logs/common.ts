// Columns every log row shares: where it was written and by whom.
import os from 'node:os';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now } from '../../platform/db/time.js';
import { MAX_BODY_DEPTH, nestingDepth } from '../../platform/http/input-guards.js';
import { fieldsOf } from '../../platform/http/route-plugin.js';
import { maskSecrets } from './secrets.js';

export const SERVICE_ID = 'ride-console';

const serverIp = (): string => {
  for (const addresses of Object.values(os.networkInterfaces())) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return '127.0.0.1';
};

const host = { serverHost: os.hostname(), serverIp: serverIp() };

const MAX_PARAMS = 4000;
const TOO_DEEP = '(嵌套过深, 未记录)';

/** The query and JSON body of a call as one text, secrets masked. */
export function paramsOf(request: FastifyRequest): string {
  const parts: Record<string, unknown> = {};
  const query = fieldsOf(request.query);
  if (query && Object.keys(query).length) Object.assign(parts, query);
  const body = request.body;
  if (body !== undefined && body !== null && typeof body === 'object' && !Buffer.isBuffer(body)) {
    // A body refused for its depth is logged without it: serializing it is what the refusal guards against.
    parts.body = nestingDepth(body) > MAX_BODY_DEPTH ? TOO_DEEP : body;
  }
  // The replacer masks secrets at any depth without a walk of our own (deeper bodies never get here).
  const text = Object.keys(parts).length ? JSON.stringify(parts, maskSecrets) : '';
  return text.length > MAX_PARAMS ? `${text.slice(0, MAX_PARAMS)}…` : text;
}

export function logBase(ctx: AppContext, request: FastifyRequest | null, user?: string): Record<string, unknown> {
  const url = request?.url ?? '';
  return {
    id: nextId(),
    tenantId: '000000',
    serviceId: SERVICE_ID,
    ...host,
    env: ctx.config.env,
    method: request?.method ?? '',
    requestUri: url.split('?')[0],
    userAgent: String(request?.headers['user-agent'] ?? '').slice(0, 1000),
    remoteIp: request?.ip ?? '',
    methodClass: '',
    methodName: request?.routeOptions.url ?? '',
    params: request ? paramsOf(request) : '',
    createBy: user ?? request?.user?.account ?? '',
    createTime: now(),
  };
}
