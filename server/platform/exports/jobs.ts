// Export jobs as rows (blade_export_job), so any instance answers a job's progress, cancel and download. The instance
// running a job holds its work claim (kind `export`, key the job's id) and renews it with every page; a running job
// whose claim is gone or ran out was interrupted (its instance stopped or died) and is marked failed by whoever
// notices first: it cannot go on elsewhere, since it reads the list with its starter's credentials and those are
// never stored.
import type { AppContext } from '../context.js';
import { formatDateTime, now } from '../db/time.js';

export type ExportState = 'running' | 'done' | 'failed' | 'cancelled';

export const EXPORT_WORK = 'export';
/** How long a running job's claim lasts without a page written: far beyond any page's time. */
export const EXPORT_LEASE_SECONDS = 60;
/** A job's failure when its instance stopped mid-way. */
export const INTERRUPTED = '导出中断 (服务器重启), 请重新导出';

export const pieceOf = (id: string) => ({ kind: EXPORT_WORK, key: id });

/** How many exports run now, on every instance. */
export async function runningExports(ctx: AppContext): Promise<number> {
  const row = await ctx.db
    .selectFrom('blade_export_job')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('state', '=', 'running')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** How many exports this person runs now. */
export async function runningOf(ctx: AppContext, owner: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('blade_export_job')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('ownerId', '=', owner)
    .where('state', '=', 'running')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Marks failed every running job (or the one named) that no instance holds a live claim on; returns how many. One
 * statement, so a job whose holder renews its claim at that moment is left running.
 */
export async function markInterrupted(ctx: AppContext, id?: string): Promise<number> {
  const at = now();
  let update = ctx.db
    .updateTable('blade_export_job')
    .set({ state: 'failed', reason: INTERRUPTED, finishTime: at })
    .where('state', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('blade_work_claim')
            .select('kind')
            .where('kind', '=', EXPORT_WORK)
            .where('until', '>=', at)
            .whereRef('blade_work_claim.workKey', '=', 'blade_export_job.id'),
        ),
      ),
    );
  if (id) update = update.where('id', '=', id);
  const marked = await update.executeTakeFirst();
  return Number(marked.numUpdatedRows);
}

/**
 * The page's progress, written by the instance running the job; false when the job no longer runs (cancelled from
 * any instance, or marked interrupted), and the instance stops.
 */
export async function recordProgress(ctx: AppContext, id: string, written: number, total: number): Promise<boolean> {
  const updated = await ctx.db
    .updateTable('blade_export_job')
    .set({ written, total })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Ends a running job; false when it had already ended (cancelled, or marked interrupted). */
export async function finishJob(
  ctx: AppContext,
  id: string,
  end: { state: Exclude<ExportState, 'running'>; reason?: string; fileKey?: string },
): Promise<boolean> {
  const updated = await ctx.db
    .updateTable('blade_export_job')
    .set({ state: end.state, reason: end.reason ?? null, fileKey: end.fileKey ?? null, finishTime: now() })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) === 1;
}

/** Jobs ended before `keepMs` ago: their files are no longer waited for. */
export function endedBefore(ctx: AppContext, keepMs: number) {
  return ctx.db
    .selectFrom('blade_export_job')
    .select(['id', 'fileKey'])
    .where('state', '!=', 'running')
    .where('finishTime', '<', formatDateTime(new Date(Date.now() - keepMs)))
    .limit(100)
    .execute();
}
