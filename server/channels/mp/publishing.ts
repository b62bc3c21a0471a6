// 发布 of an article (docs/official-account.md, "Articles"): its draft handed to freepublish/submit, and the outcome
// learnt later — from the platform's PUBLISHJOBFINISH push (push.ts), or, when none came, by asking freepublish/get,
// on demand (发布 again on a row 发布中) or from the check pass every instance runs (one instance per article, by
// its work lease). The row is marked 发布中 before the platform is called, so two clicks or two instances never
// submit one draft twice.
import type { AppContext } from '../../platform/context.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { badRequest, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { everyPass } from '../../platform/periodic-pass.js';
import { withWork } from '../../platform/work/claims.js';
import { officialAccountPlatform, openAccount } from './account-access.js';
import { ARTICLE_DRAFT, ARTICLE_PUBLISHED, ARTICLE_PUBLISHING, MSG_PUBLISHING, materials } from './material.js';
import { onPlatform, PlatformError, PUBLISH_RUNNING, PUBLISH_SUCCEEDED, type PublishResult } from './platform.js';
import { idParams } from './rest.js';

const LAST_STATE = 7;
const ORDINARY_FAILURE = 4;

export const MSG_PUBLISHED = '该图文已发布';
export const MSG_SUBMITTED = '已提交发布, 结果稍后更新';

/** A publish the platform has not pushed is asked about once it is this old, and again this long after. */
const PUBLISH_CHECK_AFTER_MS = 60_000;
const CHECK_INTERVAL_MS = 60_000;
const BATCH = 50;
/** How long an instance checking an article holds it: far longer than the platform's two calls. */
const PUBLISH_CHECK_LEASE_SECONDS = 60;

/** The platform's publish_status as the article's state. */
export function articleStateOf(status: number): number {
  if (status === PUBLISH_SUCCEEDED) return ARTICLE_PUBLISHED;
  if (status === PUBLISH_RUNNING) return ARTICLE_PUBLISHING;
  const failure = status + 1;
  return failure > ARTICLE_PUBLISHED && failure <= LAST_STATE ? failure : ORDINARY_FAILURE;
}

/**
 * The outcome of a publish written to its article, once: only a row still 发布中 (or published, for the platform's
 * later 已删除 / 已封禁) changes. Answers whether one did.
 */
export async function settlePublish(
  ctx: AppContext,
  accountId: number,
  publishId: string,
  result: PublishResult,
): Promise<boolean> {
  if (result.status === PUBLISH_RUNNING) return false;
  const settled = await ctx.db
    .updateTable('mp_material')
    .set({
      publishState: articleStateOf(result.status),
      articleId: result.articleId,
      articleUrl: result.articleUrl,
      publishCheckTime: null,
      updateTime: now(),
    })
    .where('accountId', '=', accountId)
    .where('publishId', '=', publishId)
    .where('publishState', 'in', [ARTICLE_PUBLISHING, ARTICLE_PUBLISHED])
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  return Number(settled.numUpdatedRows) > 0;
}

export interface PublishCheck {
  /** Articles this pass asked the platform about (or put back to 未发布). */
  checked: number;
  settled: number;
  failures: Array<{ id: number; error: string }>;
}

/**
 * One check pass: each article 发布中 for longer than PUBLISH_CHECK_AFTER_MS is taken through its work lease
 * (platform/work/claims.ts, kind `mp-publish-check`), its check time moved (so it is asked about again only
 * PUBLISH_CHECK_AFTER_MS later) and the platform asked how its publish went. One whose publish id never reached
 * the row (no answer came, or the server stopped between the platform's answer and the write) goes back to 未发布: the platform drops a
 * published draft from the 草稿箱, so publishing it again cannot publish it twice. `at` stands for now.
 */
export async function checkPublishing(ctx: AppContext, at = new Date()): Promise<PublishCheck> {
  const before = formatDateTime(new Date(at.getTime() - PUBLISH_CHECK_AFTER_MS));
  const pass: PublishCheck = { checked: 0, settled: 0, failures: [] };
  const waiting = await ctx.db
    .selectFrom('mp_material')
    .innerJoin('mp_account', 'mp_account.id', 'mp_material.accountId')
    .select([
      'mp_material.id',
      'mp_material.accountId',
      'mp_material.publishId',
      'mp_account.appId',
      'mp_account.appSecret',
    ])
    .where('mp_material.publishState', '=', ARTICLE_PUBLISHING)
    .where('mp_material.isDeleted', '=', 0)
    .where('mp_material.publishTime', '<', before)
    .where((eb) =>
      eb.or([eb('mp_material.publishCheckTime', 'is', null), eb('mp_material.publishCheckTime', '<', before)]),
    )
    .orderBy('mp_material.publishTime')
    .limit(BATCH)
    .execute();
  const platform = officialAccountPlatform(ctx);
  for (const article of waiting) {
    const check = async () => {
      // Read again under the lease: another instance may have checked it since it was listed, or a push settled it.
      const due = await ctx.db
        .updateTable('mp_material')
        .set({ publishCheckTime: formatDateTime(at) })
        .where('id', '=', article.id)
        .where('publishState', '=', ARTICLE_PUBLISHING)
        .where((eb) => eb.or([eb('publishCheckTime', 'is', null), eb('publishCheckTime', '<', before)]))
        .executeTakeFirst();
      if (Number(due.numUpdatedRows) === 0) return;
      pass.checked += 1;
      try {
        if (!article.publishId) {
          await ctx.db
            .updateTable('mp_material')
            .set({ publishState: ARTICLE_DRAFT, publishCheckTime: null, updateTime: now() })
            .where('id', '=', article.id)
            .where('publishState', '=', ARTICLE_PUBLISHING)
            .execute();
          return;
        }
        const token = await platform.accessToken({ appId: article.appId, appSecret: article.appSecret });
        const publishId = article.publishId;
        const result = await platform.publishResult(token, publishId);
        if (await settlePublish(ctx, article.accountId, publishId, result)) pass.settled += 1;
      } catch (error) {
        pass.failures.push({ id: article.id, error: error instanceof Error ? error.message : String(error) });
      }
    };
    await withWork(ctx, { kind: 'mp-publish-check', key: String(article.id) }, PUBLISH_CHECK_LEASE_SECONDS, check, at);
  }
  return pass;
}

export const publishingRoutes: RoutePlugin = async (app) => {
  app.post(
    '/mp/wxmaterial/publish/:id',
    {
      // The article as it stands after the submit or the check.
      config: {
        access: { menu: 'wxmaterial' },
        button: 'wxmaterial_publish',
        record: materials.detailRecord,
        answers: 'record',
      },
      schema: {
        tags: ['素材'],
        summary: '发布图文 (freepublish/submit); 发布中的再点一次查询结果 (freepublish/get)',
        params: idParams,
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      const article = await materials.find(app.ctx, request, id);
      const state = Number(article.publishState);
      if (state === ARTICLE_PUBLISHED) throw badRequest(MSG_PUBLISHED);
      const { token, platform } = await openAccount(app.ctx, request, Number(article.accountId));
      const answer = async (msg: string) => ({
        ...ok(materials.toWire(await materials.find(app.ctx, request, id))),
        msg,
      });
      if (state === ARTICLE_PUBLISHING) {
        if (!article.publishId) throw badRequest(MSG_PUBLISHING);
        const publishId = String(article.publishId);
        const result = await onPlatform(() => platform.publishResult(token, publishId));
        await settlePublish(app.ctx, Number(article.accountId), publishId, result);
        return answer(result.status === PUBLISH_RUNNING ? MSG_PUBLISHING : '发布状态已更新');
      }
      // The intent first: a second click or instance finds the row 发布中 and submits nothing.
      const claimed = await app.ctx.db
        .updateTable('mp_material')
        .set({
          publishState: ARTICLE_PUBLISHING,
          publishId: null,
          publishTime: now(),
          publishCheckTime: null,
          articleId: null,
          articleUrl: null,
        })
        .where('id', '=', id)
        .where('publishState', '=', state)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) === 0) throw badRequest(MSG_PUBLISHING);
      let publishId: string;
      try {
        publishId = await platform.submitPublish(token, String(article.mediaId));
      } catch (error) {
        // No answer (a timeout): it may have been taken, so the row stays 发布中 for the check pass.
        if (!(error instanceof PlatformError)) throw error;
        // Refused: nothing was published, and the row is as it was.
        await app.ctx.db.updateTable('mp_material').set({ publishState: state }).where('id', '=', id).execute();
        throw badRequest(error.message);
      }
      await app.ctx.db
        .updateTable('mp_material')
        .set({ publishId, updateTime: now(), updateUser: request.user?.userId ?? null })
        .where('id', '=', id)
        .execute();
      return answer(MSG_SUBMITTED);
    },
  );

  everyPass(
    app,
    CHECK_INTERVAL_MS,
    async () => {
      const { failures } = await checkPublishing(app.ctx);
      for (const failure of failures) app.log.warn(failure, 'article publish check failed; tried again later');
    },
    'article publish check failed',
  );
};
