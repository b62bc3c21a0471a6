// Which version a console draws: the newest published one that passes the checks of the page itself a publish runs
// (all but those against the database's dictionaries and buttons, which change while the server runs). A version
// published before a check existed (a limit, the page's own id) or before a shipped file it extends changed is checked
// when it is first served; one that fails is passed over for the one before it (the shipped file in the end), and why
// it failed is kept on the version for the studio to show. A console that cannot draw what it was served says so the
// same way.
import type { DefinitionProblem } from '../../../runtime/schema/validate.js';
import type { AppContext } from '../../platform/context.js';
import type { PageVersionTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { usualLog } from '../logs/usual-log.js';
import { fileOfPage } from './baseline.js';
import { servedProblems } from './validate.js';
import { PUBLISHED, publishedOf } from './versions.js';

/**
 * The problems of each published version by its id. A stored version never changes, and neither do the shipped files
 * nor the console's names while the server runs, so a version is checked once per process.
 */
const verdicts = new Map<number, DefinitionProblem[]>();

async function problemsOf(row: PageVersionTable): Promise<DefinitionProblem[]> {
  let problems = verdicts.get(row.id);
  if (!problems) {
    problems = row.definition ? await servedProblems(JSON.parse(row.definition), fileOfPage(row.pageId)) : [];
    verdicts.set(row.id, problems);
  }
  return problems;
}

/** Who found a version could not be drawn: the server's checks, or a console drawing it. */
export type FailureSource = 'server' | 'console';

interface DrawFailure {
  by: FailureSource;
  path: string;
  message: string;
  zh: string;
  time: string;
}

/** Keeps the first reason a published version could not be drawn on it, and logs it once. */
export async function recordFailure(
  ctx: AppContext,
  pageId: string,
  version: number,
  by: FailureSource,
  problem: Pick<DefinitionProblem, 'path' | 'message' | 'zh'>,
  user?: string,
): Promise<void> {
  const failure: DrawFailure = { by, path: problem.path, message: problem.message, zh: problem.zh, time: now() };
  const result = await ctx.db
    .updateTable('blade_page_version')
    .set({ drawFailure: JSON.stringify(failure) })
    .where('pageId', '=', pageId)
    .where('version', '=', version)
    .where('state', '=', PUBLISHED)
    .where('drawFailure', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return;
  usualLog(ctx, {
    logId: 'page-failure',
    level: 'warn',
    data: `页面 ${pageId} 第 ${version} 版无法显示 (${by === 'server' ? '服务端检查' : '控制台'}): ${problem.path} ${problem.zh}`,
    user,
  });
}

export interface Served {
  /** The version drawn; none while the shipped file is (nothing published, a revert, or every version failing). */
  row?: PageVersionTable;
  /** The newest version passed over, and why, when the one in force could not be served. */
  passedOver?: { version: number; problems: DefinitionProblem[] };
}

/** The newest published version of the page (below `below`, when given) that passes its checks. */
export async function servedVersion(ctx: AppContext, pageId: string, below?: number): Promise<Served> {
  let passedOver: Served['passedOver'];
  let under = below;
  for (;;) {
    const row = await publishedOf(ctx, pageId, under);
    if (!row) return { passedOver };
    const problems = await problemsOf(row);
    if (!problems.length) return { row, passedOver };
    if (!row.drawFailure) await recordFailure(ctx, pageId, row.version, 'server', problems[0]);
    passedOver ??= { version: row.version, problems };
    under = row.version;
  }
}
