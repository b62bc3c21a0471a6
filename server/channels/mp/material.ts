// Materials (/mp/wxmaterial): articles (图文) written in the console and uploaded to the platform as permanent
// material, whose media id auto-replies and menus point at. Removing one removes it from the platform too.
import type { AppContext } from '../../platform/context.js';
import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { idsOf } from '../../platform/engine/resource.js';
import { idsQuery, NOTHING_SELECTED } from '../../platform/engine/schemas.js';
import { badRequest, done } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
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
  },
  // Uploading before the write: the platform answers the media id the row keeps.
  validate: async (event) => {
    await accountLink(event);
    if (event.existing) return;
    const { token, platform } = await openAccount(event.ctx, event.request, Number(event.row.accountId));
    const cover = event.row.coverUrl ? await coverOf(event.ctx, String(event.row.coverUrl)) : null;
    const thumbMediaId = cover ? await onPlatform(() => platform.uploadImage(token, cover)) : undefined;
    const news = { title: String(event.row.title), content: String(event.row.content), thumbMediaId };
    event.row.mediaId = await onPlatform(() => platform.uploadNews(token, news));
    event.row.materialType = MATERIAL_NEWS;
  },
  afterRemove: async ({ ctx, request, db, ids }) => {
    const removed = await db
      .selectFrom('mp_material')
      .select(['accountId', 'mediaId'])
      .where('id', 'in', ids)
      .execute();
    for (const row of removed) {
      if (!row.mediaId) continue;
      const { token, platform } = await openAccount(ctx, request, Number(row.accountId));
      try {
        await platform.deleteMaterial(token, String(row.mediaId));
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
      config: { access: { menu: 'wxmaterial' }, button: 'wxmaterial_delete', fieldMessages: { ids: NOTHING_SELECTED } },
      schema: { tags: ['素材'], summary: '删除素材 (ids 逗号分隔)', querystring: idsQuery },
    },
    async (request) => {
      await materials.remove(app.ctx, request, idsOf(request.query.ids));
      return done();
    },
  );
};
