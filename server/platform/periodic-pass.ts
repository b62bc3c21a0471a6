// Work a server does by itself every so often (the payment recovery worker, the workflow's timers): one pass at a
// time, from when the app is ready until it closes, never keeping the process alive. A failed pass is logged with
// `failure` and the next one tries again. Closing waits for a pass under way, so the database is not closed under it.
import type { FastifyInstance } from 'fastify';

export function everyPass(
  app: FastifyInstance,
  intervalMs: number,
  pass: () => Promise<unknown>,
  failure: string,
): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = async () => {
    if (running) return;
    running = pass().then(
      () => undefined,
      (error: unknown) => app.log.error(error, failure),
    );
    await running;
    running = undefined;
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
