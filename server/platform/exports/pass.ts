// The export pass every instance runs: marks failed the jobs whose instance stopped or died mid-way (their claim is
// gone or ran out), and removes the files and rows of jobs ended longer ago than a file is kept, each taken through
// its claim so that two instances never clean one job.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { everyPass } from '../periodic-pass.js';
import { withWork } from '../work/claims.js';
import { EXPORT_LEASE_SECONDS, endedBefore, markInterrupted, pieceOf } from './jobs.js';

/** How long a finished job's file waits for its download. */
export const KEEP_MS = 10 * 60_000;
const PASS_MS = 10_000;

/** The folder of this machine where files are written until finished (writing/<id>.xlsx). */
export const writingFolder = (app: FastifyInstance) => path.join(app.ctx.config.dataDir, 'exports-writing');

/** One pass; returns the jobs marked interrupted and the ended jobs removed. */
export async function exportPass(app: FastifyInstance): Promise<{ interrupted: number; removed: number }> {
  const { ctx } = app;
  const interrupted = await markInterrupted(ctx);
  let removed = 0;
  for (const job of await endedBefore(ctx, KEEP_MS)) {
    const gone = await withWork(ctx, pieceOf(job.id), EXPORT_LEASE_SECONDS, async () => {
      if (job.fileKey) await app.exportFiles.remove(job.fileKey);
      await ctx.db.deleteFrom('blade_export_job').where('id', '=', job.id).execute();
      return true;
    });
    if (gone) removed += 1;
  }
  // A file an instance was writing when it died: nobody finishes it.
  const folder = writingFolder(app);
  for (const name of fs.existsSync(folder) ? fs.readdirSync(folder) : []) {
    const file = path.join(folder, name);
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    // A running export writes its file with every page.
    if (stat && Date.now() - stat.mtimeMs > KEEP_MS) fs.rmSync(file, { force: true });
  }
  return { interrupted, removed };
}

export function registerExportPass(app: FastifyInstance): void {
  everyPass(app, PASS_MS, () => exportPass(app), 'export pass failed');
}
