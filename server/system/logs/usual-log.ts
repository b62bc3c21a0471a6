// Usual logs: notable events the server records on purpose (a sign-in, a password reset, an enabled config).
import type { AppContext } from '../../platform/context.js';
import { logBase } from './common.js';
import { enqueueLog } from './queue.js';

export interface UsualLogEntry {
  /** What happened, short and stable, e.g. `login` or `oss-enable`. */
  logId: string;
  level?: 'info' | 'warn' | 'error';
  /** Details for a person reading the log. */
  data: string;
  /** Account of the person it concerns. */
  user?: string;
}

export function usualLog(ctx: AppContext, entry: UsualLogEntry): void {
  enqueueLog(ctx, 'blade_log_usual', {
    ...logBase(ctx, null, entry.user ?? ''),
    logLevel: entry.level ?? 'info',
    logId: entry.logId.slice(0, 100),
    logData: entry.data,
  });
}
