// Error logs: one per 500 with its stack, and the client's uploaded error list (Saber's POST /oauth/logout).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { logBase } from './common.js';
import { enqueueLog } from './queue.js';

/** File and line of the first stack frame in our own code (else the first frame). */
function whereOf(stack: string): { fileName: string; lineNumber: number | null } {
  const frames = [...stack.matchAll(/\(?((?:file:\/\/)?\/[^\s():]+):(\d+):\d+\)?/g)];
  const own = frames.find((frame) => !frame[1].includes('node_modules')) ?? frames[0];
  return own ? { fileName: own[1].slice(-1000), lineNumber: Number(own[2]) } : { fileName: '', lineNumber: null };
}

export function writeErrorLog(ctx: AppContext, request: FastifyRequest, error: Error): void {
  const stack = error.stack ?? String(error);
  enqueueLog(ctx, 'blade_log_error', {
    ...logBase(ctx, request),
    stackTrace: stack,
    exceptionName: error.name,
    message: error.message,
    ...whereOf(stack),
  });
}

/** One entry of the console's local error log (spec §3 Log entry). */
/** What the console sends of an error; a field it lacks may come as null. */
export interface ClientLogEntry {
  url?: string | null;
  time?: string | null;
  type?: string | null;
  message?: string | null;
  stack?: string | null;
  info?: string | null;
}

export function writeClientLogs(ctx: AppContext, request: FastifyRequest, entries: ClientLogEntry[]): void {
  for (const entry of entries) {
    const stack = entry.stack ?? '';
    enqueueLog(ctx, 'blade_log_error', {
      ...logBase(ctx, request),
      serviceId: 'console',
      requestUri: (entry.url ?? '').slice(0, 1000),
      methodName: entry.type ?? '',
      params: JSON.stringify({ time: entry.time ?? '', info: entry.info ?? '' }),
      stackTrace: stack,
      exceptionName: entry.type ?? 'error',
      message: entry.message ?? '',
      fileName: (entry.url ?? '').slice(0, 1000),
      lineNumber: null,
    });
  }
}
