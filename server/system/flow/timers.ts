// The timer pass: once a minute each server resumes the process instances whose next timer is due (an unclaimed
// task's escalation, say). Due times are kept in the database, so a timer set before a restart, or by another
// server, still fires; the pass takes each instance through a work lease (engine.ts, wakeDueProcesses), so it fires
// once, and again on another server when the one firing it died.

import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { everyPass } from '../../platform/periodic-pass.js';
import { wakeDueProcesses } from './engine.js';

/** A minute: the finest a model's timers are meant to be (escalations are hours). */
const PASS_MS = 60_000;

export const flowTimers: RoutePlugin = async (app) => {
  const refused = (instanceId: number, error: Error) =>
    app.log.error({ instanceId, reason: error.message }, 'workflow instance refused to run at its timer');
  everyPass(
    app,
    PASS_MS,
    () => wakeDueProcesses(app.ctx, new Date(), refused),
    'workflow timer pass failed; tried again at the next pass',
  );
};
