// What a load balancer or an orchestrator asks (docs/operations.md, "Health and readiness"), in plain text, outside
// /api: no envelope, no sign-in, no rate limit, no API log.
// - /healthz: the process answers (200 `ok`), without touching the database: a liveness probe must not restart an
//   instance because the database is slow.
// - /readyz: this instance should be sent requests: the database answers, every migration this build ships is
//   applied, and the instance is not draining; otherwise 503 and the reason.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pendingMigrations } from '../db/migrate.js';
import { isDraining } from './drain.js';

/** Longer than this, the database counts as not answering. */
const DATABASE_WAIT_MS = 2000;

const PLAIN = 'text/plain; charset=utf-8';

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export function registerHealth(app: FastifyInstance): void {
  // Once every migration is applied it stays so for the life of the process: asked no more.
  let migrated = false;

  /** Why the instance should not take requests, or null. */
  const unready = async (): Promise<string | null> => {
    if (isDraining(app)) return 'draining';
    const { db } = app.ctx;
    try {
      await withinTime(sql`select 1`.execute(db), DATABASE_WAIT_MS);
      if (!migrated) {
        const pending = await withinTime(pendingMigrations(db), DATABASE_WAIT_MS);
        if (pending.length > 0) return `migrations pending: ${pending.length} (${pending[0]}…)`;
        migrated = true;
      }
    } catch (error) {
      return `database: ${error instanceof Error ? error.message.slice(0, 200) : 'no answer'}`;
    }
    return null;
  };

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => reply.type(PLAIN).send('ok'));
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const reason = await unready();
    if (reason) return reply.code(503).type(PLAIN).send(`not ready: ${reason}`);
    return reply.type(PLAIN).send('ready');
  });
}
