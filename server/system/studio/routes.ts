// 页面工作室 (/system/studio, docs/studio.md): the pages' versions — read what is in force (any signed-in console),
// and, with the studio's buttons, read drafts and history, save a draft, publish, roll back, revert to the shipped file.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFINITION_LIMITS } from '../../../runtime/schema/limits.js';
import { pageText } from '../../../runtime/schema/page-text.js';
import { NOTHING } from '../../platform/docs/record.js';
import { badRequest, notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { usualLog } from '../logs/usual-log.js';
import {
  DRAFT_ANSWER,
  NEW_PAGE_ANSWER,
  PAGE_ANSWER,
  PAGE_FILE_ANSWER,
  PAGES_ANSWER,
  PREVIEW_VALIDATORS_ANSWER,
  PUBLISHED_ANSWER,
  RESOURCE_DRAFT_ANSWER,
  SERVED_ANSWER,
  VERSIONS_ANSWER,
} from './answers.js';
import { baselinePageIds, baselineText, fileOfPage, PAGE_ID } from './baseline.js';
import {
  compileFormValidators,
  formCompileProblem,
  formValidatorsCall,
  formValidatorsUrl,
  isSigned,
} from './form-validators.js';
import { createPage, PAGE_KINDS } from './new-page.js';
import {
  isPreviewSigned,
  previewValidatorsCall,
  previewValidatorsSource,
  previewValidatorsUrl,
} from './preview-validators.js';
import { refuse } from './refusal.js';
import { draftableResources, draftFromResource } from './resource-draft.js';
import { recordFailure, servedVersion } from './served.js';
import { draftProblems, studioProblems } from './validate.js';
import { DRAFT, latestOfAll, publish, saveDraft, toWire, versionOf, versionsOf } from './versions.js';

const tags = ['页面工作室'];
const menu = { menu: 'studio' };
const pageId = { type: 'string', pattern: PAGE_ID, maxLength: 200, description: '页面, 如 system/param' } as const;
const comment = { type: 'string', maxLength: 500, description: '说明' } as const;
const pageQuery = { type: 'object', required: ['pageId'], properties: { pageId } } as const;
const versionQuery = {
  type: 'object',
  required: ['pageId', 'version'],
  properties: { pageId, version: { type: 'integer', minimum: 1, description: '版本号' } },
} as const;
/**
 * A body carrying a definition is refused unread past twice the definition's own limit (room for the JSON's spaces and
 * the comment): a huge JSON is never parsed; one within that is refused by the limits, naming the one it passes.
 */
const definitionBodyLimit = 2 * DEFINITION_LIMITS.bytes;
const problemText = { type: 'string', maxLength: DEFINITION_LIMITS.textLength } as const;
const definitionBody = <const Required extends readonly string[], const Extra extends object>(
  required: Required,
  extra: Extra,
) => ({
  type: 'object' as const,
  required,
  properties: {
    pageId,
    definition: { type: 'object', additionalProperties: true, description: '页面定义 (JSON)' } as const,
    ...extra,
  },
});

/** The page's checks, then ajv compiling its forms (a pattern it cannot compile, say) before anything is stored. */
async function refuseInvalid(request: FastifyRequest, reply: FastifyReply, page: string, definition: unknown) {
  if (refuse(request, reply, await studioProblems(request.server, definition, fileOfPage(page)))) return true;
  const problem = await formCompileProblem(page, definition);
  return problem !== undefined && refuse(request, reply, [problem]);
}

const isSameBaseline = (stored: string | null, page: string) => (stored ?? null) === (baselineText(page) ?? null);

export const studioRoutes: RoutePlugin = async (app) => {
  // What a console draws for a page: the newest published version that passes its checks (below `below`, when the
  // console could not draw the one it was given), or null for the shipped file. The console asks on every load of a
  // screen; an unchanged answer is 304 by its ETag, so a publish reaches it on its next navigation.
  app.get(
    '/blade-system/page-definition/published',
    {
      config: { access: 'signedIn', answer: SERVED_ANSWER },
      schema: {
        tags,
        summary: '页面的发布版本 (null: 使用内置文件)',
        querystring: {
          type: 'object',
          required: ['pageId'],
          properties: {
            pageId,
            below: { type: 'integer', minimum: 1, description: '只取低于此版本号的版本 (控制台无法显示该版本时)' },
          },
        },
      },
    },
    async (request, reply) => {
      const { pageId: page, below } = request.query;
      const { row, passedOver } = await servedVersion(app.ctx, page, below);
      const version = row?.version ?? 0;
      const etag = `"${page}@${version}${passedOver ? `!${passedOver.version}` : ''}${below ? `<${below}` : ''}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return ok({
        pageId: page,
        version,
        definition: row?.definition ? JSON.parse(row.definition) : null,
        ...(row?.definition ? { validators: formValidatorsUrl(app.tokenSecret, page, version) } : {}),
        ...(passedOver ? { passedOver } : {}),
      });
    },
  );

  // The module of a published version's compiled form validators (form-validators.ts), imported by the console from
  // the URL the answer above signed: a module script carries no Blade-Auth header, the signature stands for it.
  app.get(
    formValidatorsCall,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '发布版本的表单校验模块 (JavaScript)',
        querystring: {
          type: 'object',
          required: ['pageId', 'version', 'sig'],
          properties: {
            pageId,
            version: { type: 'integer', minimum: 1, description: '版本号' },
            sig: { type: 'string', maxLength: 100, description: '发布版本答复中给出的签名' },
          },
        },
      },
    },
    async (request, reply) => {
      const { pageId: page, version, sig } = request.query;
      if (!isSigned(app.tokenSecret, page, version, sig)) throw notFound();
      const row = await versionOf(app.ctx, page, version);
      if (!row?.definition) throw notFound();
      const source = await compileFormValidators(page, version, JSON.parse(row.definition));
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'private, max-age=31536000, immutable')
        .send(source);
    },
  );

  // The preview's forms checked as the draft says (preview-validators.ts): compiled on the server, imported by the
  // studio from the URL signed for them.
  app.post(
    previewValidatorsCall,
    {
      config: { access: menu, button: 'studio_view', answer: PREVIEW_VALIDATORS_ANSWER },
      bodyLimit: definitionBodyLimit,
      schema: { tags, summary: '编译草稿的表单校验 (预览用)', body: definitionBody(['pageId', 'definition'], {}) },
    },
    async (request, reply) => {
      const { pageId: page, definition } = request.body;
      // Only a page that passes the publish's checks is compiled: ajv is handed fields of the shape it expects.
      if (await refuseInvalid(request, reply, page, definition)) return reply;
      return ok({ url: await previewValidatorsUrl(app.ctx, app.tokenSecret, page, definition) });
    },
  );

  app.get(
    previewValidatorsCall,
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: '草稿预览的表单校验模块 (JavaScript)',
        querystring: {
          type: 'object',
          required: ['hash', 'sig'],
          properties: {
            hash: { type: 'string', maxLength: 64, description: '编译所依据内容的摘要' },
            sig: { type: 'string', maxLength: 100, description: '编译答复中给出的签名' },
          },
        },
      },
    },
    async (request, reply) => {
      const { hash, sig } = request.query;
      if (!isPreviewSigned(app.tokenSecret, hash, sig)) throw notFound();
      const source = await previewValidatorsSource(app.ctx, hash);
      if (!source) throw notFound();
      return reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'private, max-age=86400, immutable')
        .send(source);
    },
  );

  // A console that could not draw the version it was served says why; the studio shows it on the version. It changes
  // nothing that is served: that is decided by the checks alone, never by what a browser says.
  app.post(
    '/blade-system/page-definition/failure',
    {
      config: { answer: NOTHING, access: 'signedIn' },
      schema: {
        tags,
        summary: '报告无法显示的发布版本',
        body: {
          type: 'object',
          required: ['pageId', 'version', 'path', 'message', 'zh'],
          properties: {
            pageId,
            version: { type: 'integer', minimum: 1, description: '版本号' },
            path: { ...problemText, description: '出错位置 (JSON 路径)' },
            message: { ...problemText, description: '原因 (英文)' },
            zh: { ...problemText, description: '原因' },
          },
        },
      },
    },
    async (request) => {
      const { pageId: page, version, ...problem } = request.body;
      if (!(await versionOf(app.ctx, page, version))) throw notFound();
      await recordFailure(app.ctx, page, version, 'console', problem, request.user?.account);
      return ok(null);
    },
  );

  app.get(
    '/blade-system/studio/pages',
    {
      config: { access: menu, button: 'studio_view', answer: PAGES_ANSWER },
      schema: { tags, summary: '页面及其状态' },
    },
    async () => {
      const { published, drafts } = await latestOfAll(app.ctx);
      const ids = [...new Set([...baselinePageIds(), ...published.keys(), ...drafts])].sort();
      const pages = ids.map((id) => {
        const row = published.get(id);
        const changed = Boolean(row?.definition);
        const text = baselineText(id);
        const title = text === undefined ? null : ((JSON.parse(text) as { title?: unknown }).title ?? null);
        return {
          pageId: id,
          title,
          shipped: text !== undefined,
          state: drafts.has(id) ? 'draft' : changed ? 'changed' : 'baseline',
          version: row?.version ?? 0,
          changed,
          author: row?.author ?? '',
          publishTime: row?.createTime ?? '',
          baselineChanged: changed && !isSameBaseline(row?.baseline ?? null, id),
        };
      });
      return ok({ pages, resources: draftableResources() });
    },
  );

  app.get(
    '/blade-system/studio/page',
    {
      config: { access: menu, button: 'studio_view', answer: PAGE_ANSWER },
      schema: { tags, summary: '页面的内置文件、发布版本与草稿', querystring: pageQuery },
    },
    async (request) => {
      const page = request.query.pageId;
      const text = baselineText(page);
      const versions = await versionsOf(app.ctx, page);
      const draft = versions.find((row) => row.state === DRAFT);
      const published = versions.find((row) => row.state !== DRAFT);
      if (text === undefined && versions.length === 0) throw notFound();
      return ok({
        pageId: page,
        file: fileOfPage(page),
        baseline: text === undefined ? null : JSON.parse(text),
        published: published ? toWire(published) : null,
        draft: draft ? toWire(draft) : null,
        baselineChanged: Boolean(published?.definition) && !isSameBaseline(published?.baseline ?? null, page),
      });
    },
  );

  app.get(
    '/blade-system/studio/versions',
    {
      config: { access: menu, button: 'studio_view', answer: VERSIONS_ANSWER },
      schema: { tags, summary: '页面的全部版本', querystring: pageQuery },
    },
    async (request) => ok((await versionsOf(app.ctx, request.query.pageId)).map(toWire)),
  );

  app.get(
    '/blade-system/studio/download',
    {
      config: { access: menu, button: 'studio_view', answer: PAGE_FILE_ANSWER },
      schema: { tags, summary: '下载一个发布版本为页面文件', querystring: versionQuery },
    },
    async (request, reply) => {
      const { pageId: page, version } = request.query;
      const row = await versionOf(app.ctx, page, version);
      const text = row?.definition ?? (row ? baselineText(page) : undefined);
      if (!text) throw notFound();
      const name = `${page.split('/').pop()}.json`;
      return reply
        .type('application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(pageText(JSON.parse(text)));
    },
  );

  app.get(
    '/blade-system/studio/resource-draft',
    {
      config: { access: menu, button: 'studio_view', answer: RESOURCE_DRAFT_ANSWER },
      schema: {
        tags,
        summary: '按服务的资源定义起草页面',
        querystring: {
          type: 'object',
          required: ['prefix'],
          properties: { prefix: { type: 'string', maxLength: 200, description: '资源的接口前缀' } },
        },
      },
    },
    async (request) => {
      const drafted = draftFromResource(request.query.prefix);
      if (!drafted) throw notFound();
      return ok(drafted);
    },
  );

  const titleText = { type: 'string', minLength: 1, maxLength: 100, pattern: '\\S' } as const;
  app.post(
    '/blade-system/studio/new-page',
    {
      config: {
        access: menu,
        button: 'studio_edit',
        answer: NEW_PAGE_ANSWER,
        fieldNames: {
          pageId: { label: '页面标识', en: 'Page ID' },
          kind: { label: '页面类型', en: 'Page kind' },
          title: { label: '标题', en: 'Title' },
          prefix: { label: '资源', en: 'Resource' },
        },
      },
      schema: {
        tags,
        summary: '新建页面 (表单、看板或资源列表), 存为草稿',
        body: {
          type: 'object',
          required: ['pageId', 'kind', 'title'],
          properties: {
            pageId,
            kind: { type: 'string', enum: PAGE_KINDS, description: '页面类型: form 表单, dashboard 看板, list 列表' },
            title: {
              type: 'object',
              required: ['zh', 'en'],
              properties: { zh: titleText, en: titleText },
              description: '标题 (中文, 英文)',
            },
            prefix: { type: 'string', maxLength: 200, description: '列表读取的资源 (接口前缀)' },
          },
        },
      },
    },
    async (request) => ok(await createPage(app.ctx, request, request.body)),
  );

  app.post(
    '/blade-system/studio/draft',
    {
      config: { answer: DRAFT_ANSWER, access: menu, button: 'studio_edit' },
      bodyLimit: definitionBodyLimit,
      schema: { tags, summary: '保存草稿', body: definitionBody(['pageId', 'definition'], {}) },
    },
    async (request, reply) => {
      const { pageId: page, definition } = request.body;
      // A draft may be unfinished, but never code nor past the limits.
      if (refuse(request, reply, draftProblems(definition))) return reply;
      await saveDraft(app.ctx, request, page, definition);
      return ok(null);
    },
  );

  app.post(
    '/blade-system/studio/publish',
    {
      config: { access: menu, button: 'studio_publish', answer: PUBLISHED_ANSWER },
      bodyLimit: definitionBodyLimit,
      schema: { tags, summary: '校验并发布', body: definitionBody(['pageId', 'definition', 'comment'], { comment }) },
    },
    async (request, reply) => {
      const { body } = request;
      if (await refuseInvalid(request, reply, body.pageId, body.definition)) return reply;
      const version = await publish(app.ctx, request, body.pageId, body.definition, body.comment);
      await compileFormValidators(body.pageId, version, body.definition);
      usualLog(app.ctx, {
        logId: 'page-publish',
        data: `发布页面 ${body.pageId} 第 ${version} 版: ${body.comment}`,
        user: request.user?.account,
      });
      return ok({ version });
    },
  );

  app.post(
    '/blade-system/studio/rollback',
    {
      config: { access: menu, button: 'studio_publish', answer: PUBLISHED_ANSWER },
      schema: {
        tags,
        summary: '回滚到某个版本 (作为新版本发布)',
        body: { ...versionQuery, properties: { ...versionQuery.properties, comment } },
      },
    },
    async (request, reply) => {
      const { body } = request;
      const row = await versionOf(app.ctx, body.pageId, body.version);
      if (!row) throw notFound();
      const definition = row.definition ? (JSON.parse(row.definition) as object) : null;
      // The shipped files may have changed since: a rollback is checked like any publish.
      if (definition) {
        if (await refuseInvalid(request, reply, body.pageId, definition)) return reply;
      }
      const note = body.comment || `回滚到第 ${body.version} 版`;
      const version = await publish(app.ctx, request, body.pageId, definition, note, 'rollback');
      if (definition) await compileFormValidators(body.pageId, version, definition);
      usualLog(app.ctx, {
        logId: 'page-rollback',
        data: `回滚页面 ${body.pageId} 到第 ${body.version} 版, 成为第 ${version} 版: ${note}`,
        user: request.user?.account,
      });
      return ok({ version });
    },
  );

  app.post(
    '/blade-system/studio/revert',
    {
      config: { access: menu, button: 'studio_publish', answer: PUBLISHED_ANSWER },
      schema: { tags, summary: '恢复为内置文件', body: { ...pageQuery, properties: { pageId, comment } } },
    },
    async (request) => {
      const { body } = request;
      if (baselineText(body.pageId) === undefined) throw badRequest('该页面没有内置文件');
      const note = body.comment || '恢复为内置文件';
      const version = await publish(app.ctx, request, body.pageId, null, note, 'revert');
      usualLog(app.ctx, {
        logId: 'page-revert',
        data: `页面 ${body.pageId} 恢复为内置文件, 第 ${version} 版: ${note}`,
        user: request.user?.account,
      });
      return ok({ version });
    },
  );
};
