// A graceful stop (docs/operations.md, "Graceful restarts"): on SIGTERM or SIGINT the instance says it is no longer
// ready (/readyz 503) at once and goes on serving for DRAIN_GRACE_MS, long enough for the load balancer to see that
// and send elsewhere; then it closes its listener and waits for the requests in flight, stops its background passes,
// hands back its work claims and closes the database (the server's `close`), and exits 0.
import type { FastifyInstance } from 'fastify';

const draining = new WeakSet<FastifyInstance>();

/** Whether the instance is stopping: /readyz answers 503 from the first moment. */
export const isDraining = (app: FastifyInstance): boolean => draining.has(app);

export interface Stoppable {
  app: FastifyInstance;
  /** Closes the app (listener, requests in flight, background passes), hands back its work, closes the database. */
  close: () => Promise<void>;
}

/** Marks the instance draining, serves on for `graceMs`, then closes it. */
export async function drain(server: Stoppable, graceMs: number): Promise<void> {
  draining.add(server.app);
  await new Promise((resolve) => setTimeout(resolve, graceMs));
  await server.close();
}

/** The process stops gracefully on the first SIGTERM or SIGINT; a second one ends it at once. */
export function stopOnSignals(server: Stoppable, graceMs: number): void {
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) {
        server.app.log.warn(`${signal} again: stopping without waiting`);
        process.exit(1);
      }
      stopping = true;
      server.app.log.info(`${signal}: draining for ${graceMs} ms, then closing`);
      drain(server, graceMs).then(
        () => {
          server.app.log.info('closed: every request answered, work handed back');
          process.exit(0);
        },
        (error: unknown) => {
          server.app.log.error(error, 'closing failed');
          process.exit(1);
        },
      );
    });
  }
}
