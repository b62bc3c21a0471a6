// Exports of a list, written by the server: start (the list, its search and the columns as the screen shows them),
// follow the rows written, cancel, then download the file. A job is a row (jobs.ts), so any instance answers these
// calls whichever instance runs the job. A job belongs to whoever started it; its file is kept until downloaded or
// for ten minutes after it finished (pass.ts).
import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { now } from '../db/time.js';
import { type AnswerDoc, integer, NOTHING, nullable, shape, text } from '../docs/record.js';
import { badRequest, done, notFound, ok, unauthorized } from '../http/envelope.js';
import { languageOf } from '../http/language.js';
import { inLanguage } from '../http/messages-en.js';
import type { RoutePlugin } from '../http/route-plugin.js';
import { registerGauge } from '../ops/metrics.js';
import { claimWork, instanceOf } from '../work/claims.js';
import type { ExportRequest } from './cells.js';
import { runExport, stopExportsOnClose } from './job.js';
import { EXPORT_LEASE_SECONDS, markInterrupted, pieceOf, runningExports, runningOf } from './jobs.js';
import { registerExportPass, writingFolder } from './pass.js';

/** Exports one person may run at once. */
const RUNNING_PER_PERSON = 2;

registerGauge({ name: 'exports_running', help: 'Exports being written, on every instance', read: runningExports });

const ownerOf = (request: FastifyRequest): number => {
  if (!request.user) throw unauthorized();
  return Number(request.user.userId);
};

async function jobOf(app: FastifyInstance, request: FastifyRequest, id: string) {
  const job = await app.ctx.db
    .selectFrom('blade_export_job')
    .selectAll()
    .where('id', '=', id)
    .where('ownerId', '=', ownerOf(request))
    .executeTakeFirst();
  if (!job) throw notFound('导出任务不存在');
  return job;
}

/** The caller's own credentials, passed to the list route the job reads. */
function credentialsOf(request: FastifyRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of ['authorization', 'blade-auth', 'accept-language']) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

const column = {
  type: 'object',
  required: ['field', 'header'],
  additionalProperties: false,
  properties: {
    field: { type: 'string', maxLength: 64 },
    header: { type: 'string', maxLength: 64 },
    kind: { type: 'string', enum: ['money', 'percent', 'number', 'date', 'datetime'] },
    total: { type: 'boolean' },
    per: { type: 'number', exclusiveMinimum: 0 },
    labels: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 } },
    mask: { type: 'string', maxLength: 16 },
    suffix: { type: 'string', maxLength: 16 },
  },
} as const;

const fieldNames = {
  url: { label: '列表地址', en: 'List address' },
  title: { label: '标题', en: 'Title' },
  columns: { label: '列', en: 'Columns' },
};

async function start(app: FastifyInstance, request: FastifyRequest, body: ExportRequest) {
  const { ctx } = app;
  const owner = ownerOf(request);
  // Only a call of this API: the job reads it as the caller (a GET with their token), under the screen's rules.
  if (!/^\/api(\/[a-zA-Z0-9-]+)+$/.test(body.url)) throw badRequest('列表地址不正确');
  // An export of theirs a stopped instance left running no longer counts.
  await markInterrupted(ctx);
  if ((await runningOf(ctx, owner)) >= RUNNING_PER_PERSON) throw badRequest('已有导出正在进行,请等它完成');
  const id = crypto.randomUUID();
  // The claim before the row: a running row without a live claim is an interrupted job to every export pass.
  await claimWork(ctx, pieceOf(id), EXPORT_LEASE_SECONDS);
  await ctx.db
    .insertInto('blade_export_job')
    .values({ id, ownerId: owner, title: body.title, state: 'running', holder: instanceOf(ctx), createTime: now() })
    .execute();
  const file = path.join(writingFolder(app), `${id}.xlsx`);
  void runExport(app, { id, file, request: body, headers: credentialsOf(request) });
  return ok({ id });
}

async function progressOf(app: FastifyInstance, request: FastifyRequest, id: string) {
  // A job whose instance stopped is said so at once, not only at the next export pass.
  if ((await jobOf(app, request, id)).state === 'running') await markInterrupted(app.ctx, id);
  const job = await jobOf(app, request, id);
  return {
    id: job.id,
    state: job.state,
    written: Number(job.written),
    total: job.total ?? null,
    message: job.reason === null ? null : inLanguage(job.reason, languageOf(request)),
  };
}

/** A started export: the id its progress and file are asked for by. */
const STARTED: AnswerDoc = { name: 'ExportStarted', data: shape({ id: text() }) };

/** How far an export is: its state, the rows written of how many, and why it stopped when it failed. */
const PROGRESS: AnswerDoc = {
  name: 'ExportProgress',
  data: shape({
    id: text(),
    state: { enum: ['running', 'done', 'failed', 'cancelled'] },
    written: integer('rows written so far'),
    total: nullable(integer('rows to write, when known')),
    message: nullable(text('why it failed or was stopped')),
  }),
};

export const exportRoutes: RoutePlugin = async (app) => {
  registerExportPass(app);
  stopExportsOnClose(app);
  const signedIn = { access: 'signedIn' as const };
  const idQuery = {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'string', format: 'uuid', description: '导出任务' } },
  } as const;
  const tags = ['导出'];
  app.post(
    '/blade-system/export/start',
    {
      config: { ...signedIn, fieldNames, answer: STARTED },
      schema: {
        tags,
        summary: '开始导出列表 (服务端写入 Excel)',
        body: {
          type: 'object',
          required: ['url', 'title', 'columns'],
          additionalProperties: false,
          properties: {
            url: { type: 'string', maxLength: 200 },
            query: { type: 'object', additionalProperties: { type: 'string', maxLength: 200 } },
            title: { type: 'string', minLength: 1, maxLength: 64 },
            columns: { type: 'array', minItems: 1, maxItems: 80, items: column },
            totalsLabel: { type: 'string', maxLength: 32 },
          },
        },
      },
    },
    async (request) => start(app, request, request.body),
  );
  app.get(
    '/blade-system/export/progress',
    {
      config: { ...signedIn, answer: PROGRESS },
      schema: { tags, summary: '导出进度 (已写行数)', querystring: idQuery },
    },
    async (request) => ok(await progressOf(app, request, request.query.id)),
  );
  app.post(
    '/blade-system/export/cancel',
    { config: { ...signedIn, answer: NOTHING }, schema: { tags, summary: '取消导出', querystring: idQuery } },
    async (request) => {
      const job = await jobOf(app, request, request.query.id);
      // The instance running it sees the row on its next page and stops.
      await app.ctx.db
        .updateTable('blade_export_job')
        .set({ state: 'cancelled', finishTime: now() })
        .where('id', '=', job.id)
        .where('state', '=', 'running')
        .execute();
      return done();
    },
  );
  app.get(
    '/blade-system/export/file',
    { config: signedIn, schema: { tags, summary: '下载导出的文件', querystring: idQuery } },
    async (request, reply) => {
      const job = await jobOf(app, request, request.query.id);
      if (job.state !== 'done' || !job.fileKey) throw badRequest('导出尚未完成');
      const { fileKey } = job;
      const stream = await app.exportFiles.stream(fileKey);
      if (!stream) throw notFound('导出任务不存在');
      // Downloaded once: the job and its file are gone afterwards.
      await app.ctx.db.deleteFrom('blade_export_job').where('id', '=', job.id).execute();
      stream.on('close', () => {
        app.exportFiles.remove(fileKey).catch((error: unknown) => app.log.error(error, 'export file not removed'));
      });
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${job.id}.xlsx"`)
        .send(stream);
    },
  );
};
