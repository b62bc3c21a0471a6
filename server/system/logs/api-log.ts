// One API log per /api call, written after the answer has gone out (batched, see queue.ts).
import type { FastifyInstance } from 'fastify';
import { logBase } from './common.js';
import { enqueueLog, flushLogs } from './queue.js';

/** The OpenAPI browser loads many assets; they are not calls of the console. */
const UNLOGGED = '/api/docs';

export function registerApiLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith(UNLOGGED)) return;
    const summary = (request.routeOptions.schema as { summary?: string } | undefined)?.summary;
    enqueueLog(app.ctx, 'blade_log_api', {
      ...logBase(app.ctx, request),
      type: reply.statusCode >= 400 ? '2' : '1',
      title: summary ?? request.routeOptions.url ?? '',
      time: Math.round(reply.elapsedTime),
    });
  });
  app.addHook('onClose', async () => flushLogs(app.ctx));
}
