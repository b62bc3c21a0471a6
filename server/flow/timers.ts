// The timer pass: once a minute each server resumes the process instances whose next timer is due (an unclaimed
// task's escalation, say). Due times are kept in the database, so a timer set before a restart, or by another
// server, still fires; the pass takes each instance with a conditional update, so it fires once.
import type { FastifyPluginAsync } from 'fastify';
import { wakeDueProcesses } from './engine.js';

/** A minute: the finest a model's timers are meant to be (escalations are hours). */
const PASS_MS = 60_000;

export const flowTimers: FastifyPluginAsync = async (app) => {
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await wakeDueProcesses(app.ctx);
    } catch (error) {
      app.log.error(error, 'workflow timer pass failed; tried again at the next pass');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(run, PASS_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
