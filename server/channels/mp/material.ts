// Materials (/mp/wxmaterial): articles (图文) written in the console and kept in the platform's 草稿箱 — draft/add
// when added, draft/update when changed (before the row is written, so the row holds what the platform took) — then
// published by 发布 (publishing.ts). Removing one removes its draft, or the published article, from the platform too.
import type { AppContext } from '../../platform/context.js';
import { NOTHING } from '../../platform/docs/record.js';
import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { idsOf } from '../../platform/engine/resource.js';
import { idsQuery, NOTHING_SELECTED } from '../../platform/engine/schemas.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { savedValue } from '../../rental/business/rules.js';
import { fileStoreOf, localStore } from '../../system/oss/store.js';
import { FILE_PATH } from '../../system/oss/upload.js';
import { openAccount } from './account-access.js';
import { onPlatform, PlatformError } from './platform.js';
import { accountLink } from './resources.js';
import { restRoutes } from './rest.js';

/** An article's cover: a file uploaded to the console (附件), from the store it went to. */
async function coverOf(ctx: AppContext, link: string): Promise<{ name: string; bytes: Buffer }> {
  const prefix = `/api${FILE_PATH}/`;
  const name = link.startsWith(prefix) ? link.slice(prefix.length) : '';
  // Files uploaded before a bucket was enabled stay on the disk.
  const bytes = name ? ((await (await fileStoreOf(ctx)).read(name)) ?? (await localStore(ctx).read(name))) : null;
  if (!bytes) throw badRequest(MSG_COVER_MISSING);
  return { name, bytes };
}

export const MSG_COVER_MISSING = '封面图须为已上传的图片';
export const MSG_PUBLISHED_FIXED = '已发布的图文不能修改';
export const MSG_PUBLISHING = '该图文正在发布';

/** Dictionary `mp_article_state`: 3… are the platform's failures 2… (原创声明失败, 常规失败, 审核不通过, …). */
export const ARTICLE_DRAFT = 0;
export const ARTICLE_PUBLISHING = 1;
export const ARTICLE_PUBLISHED = 2;
const ARTICLE_STATES = [0, 1, 2, 3, 4, 5, 6, 7];

/** Dictionary `mp_material_type`. */
export const MATERIAL_NEWS = 1;

export const materials = defineResource({
  table: 'mp_material',
  prefix: '/mp/wxmaterial',
  menu: 'wxmaterial',
  title: '素材',
  operations: ['list', 'page', 'detail', 'submit', 'remove'],
  defaultOrder: [['createTime', 'desc']],
  fields: {
    accountId: { type: 'id', label: '公众号', en: 'Account', required: '请选择公众号' },
    // Dictionary `mp_material_type`: 1 图文 (what the console writes), 2 图片, 3 语音, 4 视频.
    materialType: { type: 'integer', label: '素材类型', en: 'Kind', enum: [1, 2, 3, 4], readOnly: true },
    title: { type: 'text', label: '标题', en: 'Title', required: '请输入标题', maxLength: 64 },
    author: { type: 'text', label: '作者', en: 'Author', maxLength: 16 },
    digest: { type: 'text', label: '摘要', en: 'Summary', maxLength: 120 },
    content: { type: 'text', label: '正文', en: 'Body', required: '请输入正文', maxLength: 20000, richText: true },
    coverUrl: linkField('封面图', 'Cover', { maxLength: 512 }),
    sourceUrl: linkField('阅读原文链接', 'Read-more link', { maxLength: 512 }),
    mediaId: { type: 'text', label: '素材ID', en: 'Media ID', readOnly: true },
    thumbMediaId: { type: 'text', label: '封面素材ID', en: 'Cover media ID', readOnly: true, filter: false },
    // Dictionary `mp_article_state`: 0 未发布, 1 发布中, 2 已发布, 3… why the platform did not publish it.
    publishState: { type: 'integer', label: '发布状态', en: 'Publish state', readOnly: true, enum: ARTICLE_STATES },
    publishId: { type: 'text', label: '发布任务ID', en: 'Publish ID', readOnly: true, filter: false },
    publishTime: { type: 'datetime', label: '发布时间', en: 'Published at', readOnly: true },
    articleId: { type: 'text', label: '文章ID', en: 'Article ID', readOnly: true, filter: false },
    articleUrl: { type: 'text', label: '文章地址', en: 'Article link', readOnly: true, filter: false },
  },
  // The platform takes the article before the row is written: the row keeps the draft's media id.
  validate: async (event) => {
    await accountLink(event);
    const { existing, row } = event;
    const state = Number(existing?.publishState ?? ARTICLE_DRAFT);
    // A published article is the platform's now; one being published waits for its outcome.
    if (state === ARTICLE_PUBLISHED) throw badRequest(MSG_PUBLISHED_FIXED);
    if (state === ARTICLE_PUBLISHING) throw badRequest(MSG_PUBLISHING);
    const { token, platform } = await openAccount(event.ctx, event.request, Number(savedValue(event, 'accountId')));
    let thumbMediaId = existing?.thumbMediaId ? String(existing.thumbMediaId) : '';
    if (!existing || ('coverUrl' in row && row.coverUrl !== existing.coverUrl)) {
      const cover = row.coverUrl ? await coverOf(event.ctx, String(row.coverUrl)) : null;
      thumbMediaId = cover ? await onPlatform(() => platform.uploadImage(token, cover)) : '';
      row.thumbMediaId = thumbMediaId || null;
    }
    const text = (field: string) => String(savedValue(event, field) ?? '');
    const article = {
      title: text('title'),
      author: text('author'),
      digest: text('digest'),
      content: text('content'),
      sourceUrl: text('sourceUrl'),
      thumbMediaId,
    };
    if (existing?.mediaId) {
      try {
        await platform.updateDraft(token, String(existing.mediaId), article);
        return;
      } catch (error) {
        // The platform no longer holds the draft (removed there, or uploaded as permanent material before the
        // 草稿箱): the article becomes a draft again.
        if (!(error instanceof PlatformError)) throw error;
        if (error.errcode !== 40007) throw badRequest(error.message);
      }
    }
    row.mediaId = await onPlatform(() => platform.addDraft(token, article));
    row.materialType = MATERIAL_NEWS;
  },
  afterRemove: async ({ ctx, request, db, ids }) => {
    const removed = await db
      .selectFrom('mp_material')
      .select(['accountId', 'mediaId', 'publishState', 'articleId'])
      .where('id', 'in', ids)
      .execute();
    for (const row of removed) {
      if (!row.mediaId) continue;
      const { token, platform } = await openAccount(ctx, request, Number(row.accountId));
      try {
        if (row.publishState === ARTICLE_PUBLISHED && row.articleId) {
          await platform.deletePublished(token, String(row.articleId));
        } else {
          await platform.deleteDraft(token, String(row.mediaId));
        }
      } catch (error) {
        // Already gone from the platform: nothing left to remove.
        if (!(error instanceof PlatformError && error.errcode === 40007)) throw error;
      }
    }
  },
});

export const materialRoutes: RoutePlugin = async (app) => {
  await app.register(materials.routes);
  restRoutes(app, materials, ['get']);
  restRoutes(app, materials, ['post', 'put'], `${materials.definition.prefix}/materialNews`);
  app.delete(
    materials.definition.prefix,
    {
      config: {
        access: { menu: 'wxmaterial' },
        answer: NOTHING,
        button: 'wxmaterial_delete',
        fieldMessages: { ids: NOTHING_SELECTED },
      },
      schema: { tags: ['素材'], summary: '删除素材 (ids 逗号分隔)', querystring: idsQuery },
    },
    async (request) => {
      await materials.remove(app.ctx, request, idsOf(request.query.ids));
      return done();
    },
  );
};
