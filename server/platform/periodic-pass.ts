// Work a server does by itself every so often (payment recovery, the sandbox's notifications, the workflow's timers,
// the article publish check): one pass at a time, from when the app is ready until it closes, never keeping the
// process alive. A failed pass is logged with `failure` and the next one tries again. Every instance runs every pass;
// what keeps two instances off one piece of work is the lease each pass takes on it (work/claims.ts). Closing waits
// for a pass under way, so the pieces it holds are given back before the database closes.
import type { FastifyInstance } from 'fastify';

export function everyPass(
  app: FastifyInstance,
  intervalMs: number,
  pass: () => Promise<unknown>,
  failure: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= pass()
      .then(
        () => undefined,
        (error) => app.log.error(error, failure),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
