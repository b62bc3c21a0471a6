// Exports of a list, written by the server: start (the list, its search and the columns as the screen shows them),
// follow the rows written, cancel, then download the file. A job belongs to whoever started it; its file is kept
// until downloaded or for ten minutes after it finished.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, done, notFound, ok, unauthorized } from '../http/envelope.js';
import type { RoutePlugin } from '../http/route-plugin.js';
import { registerGauge } from '../ops/metrics.js';
import { type ExportJob, type ExportRequest, runExport } from './job.js';

/** How long a finished job's file waits for its download. */
const KEEP_MS = 10 * 60_000;
/** Exports one person may run at once. */
const RUNNING_PER_PERSON = 2;

const jobs = new Map<string, ExportJob>();
const writing = () => [...jobs.values()].filter((job) => job.state === 'running').length;
registerGauge({ name: 'exports_running', help: 'Exports being written by this instance', read: writing });

const ownerOf = (request: FastifyRequest): string => {
  if (!request.user) throw unauthorized();
  return String(request.user.userId);
};

function jobOf(request: FastifyRequest, id: string): ExportJob {
  const job = jobs.get(id);
  if (!job || job.owner !== ownerOf(request)) throw notFound('导出任务不存在');
  return job;
}

function forgetOld(): void {
  for (const [id, job] of jobs) {
    if (job.finished && Date.now() - job.finished > KEEP_MS) {
      fs.rmSync(job.file, { force: true });
      jobs.delete(id);
    }
  }
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
    kind: { type: 'string', enum: ['money', 'percent', 'number'] },
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

function start(app: FastifyInstance, request: FastifyRequest, body: ExportRequest) {
  const owner = ownerOf(request);
  // Only a call of this API: the job reads it as the caller (a GET with their token), under the screen's rules.
  if (!/^\/api(\/[a-zA-Z0-9-]+)+$/.test(body.url)) throw badRequest('列表地址不正确');
  forgetOld();
  const running = [...jobs.values()].filter((job) => job.owner === owner && job.state === 'running');
  if (running.length >= RUNNING_PER_PERSON) throw badRequest('已有导出正在进行,请等它完成');
  const id = crypto.randomUUID();
  const job: ExportJob = {
    id,
    owner,
    file: path.join(app.ctx.config.dataDir, 'exports', `${id}.xlsx`),
    state: 'running',
    written: 0,
    cancelled: false,
  };
  jobs.set(id, job);
  void runExport(app, job, body, credentialsOf(request));
  return ok({ id });
}

const progressOf = (job: ExportJob) => ({
  id: job.id,
  state: job.state,
  written: job.written,
  total: job.total ?? null,
  message: job.message ?? null,
});

export const exportRoutes: RoutePlugin = async (app) => {
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
      config: { ...signedIn, fieldNames },
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
    { config: signedIn, schema: { tags, summary: '导出进度 (已写行数)', querystring: idQuery } },
    async (request) => ok(progressOf(jobOf(request, request.query.id))),
  );
  app.post(
    '/blade-system/export/cancel',
    { config: signedIn, schema: { tags, summary: '取消导出', querystring: idQuery } },
    async (request) => {
      const job = jobOf(request, request.query.id);
      job.cancelled = true;
      return done();
    },
  );
  app.get(
    '/blade-system/export/file',
    { config: signedIn, schema: { tags, summary: '下载导出的文件', querystring: idQuery } },
    async (request, reply) => {
      const job = jobOf(request, request.query.id);
      if (job.state !== 'done') throw badRequest('导出尚未完成');
      jobs.delete(job.id);
      const stream = fs.createReadStream(job.file);
      stream.on('close', () => fs.rmSync(job.file, { force: true }));
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${job.id}.xlsx"`)
        .send(stream);
    },
  );
};
