// POST /api/blade-resource/oss/endpoint/put-file (multipart field `file`): checks the size and the real content
// type, stores the file, records an attachment and answers {link, domain, name, originalName, attachId}.
// GET /api/blade-resource/oss/file/<name> serves it back (or sends the browser to the cloud store with a signed
// link); names are random, so the link itself is the key.
import crypto from 'node:crypto';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { type AnswerDoc, shape, text } from '../../platform/docs/record.js';
import { drainBody } from '../../platform/http/body-limit.js';
import { BladeError, badRequest, notFound, ok } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { attachments } from '../resources/attach.js';
import { ALLOWED_EXTENSIONS, contentTypeOf, sniffContentType } from './sniff.js';
import { fileStoreOf, localStore } from './store.js';

export const FILE_PATH = '/blade-resource/oss/file';
const NAME = /^\d{8}-[0-9a-f]{32}\.[a-z]{3,4}$/;

const today = (): string => new Date().toISOString().slice(0, 10).replaceAll('-', '');

async function readUpload(request: FastifyRequest, maxBytes: number): Promise<{ data: Buffer; filename: string }> {
  if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传, 文件字段名为 file');
  const part = await request.file();
  if (part?.fieldname !== 'file') throw badRequest('file 不能为空');
  // A file cut at the limit can end without toBuffer noticing, so the cut is checked here too. The refusal waits for
  // the rest of the body, so that the client still sending receives it instead of a reset connection.
  const tooLarge = async () => {
    await drainBody(request.raw);
    return new BladeError(`file 大小不能超过 ${Math.round(maxBytes / 1024 / 1024)} MB`, 413);
  };
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw await tooLarge();
    return { data, filename: part.filename };
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw await tooLarge();
    throw error;
  }
}

/** An uploaded file: where it is read from, its stored and original names, and its attachment. */
const UPLOADED: AnswerDoc = {
  name: 'UploadedFile',
  data: shape({ link: text(), domain: text(), name: text(), originalName: text(), attachId: text() }),
};

export const ossUploadRoutes: RoutePlugin = async (app) => {
  const maxBytes = app.ctx.config.uploadMaxBytes;
  await app.register(fastifyMultipart, { limits: { fileSize: maxBytes, files: 1, fields: 10 } });

  // put-file-attach is BladeX's name for the same upload with its attachment recorded, which every upload here does;
  // Saber's 附件管理 posts to it.
  for (const url of ['/blade-resource/oss/endpoint/put-file', '/blade-resource/oss/endpoint/put-file-attach'])
    app.post(
      url,
      {
        config: { access: 'signedIn', answer: UPLOADED },
        schema: {
          tags: ['对象存储'],
          summary: `上传文件 (multipart 字段 file; ${ALLOWED_EXTENSIONS.join('/')}; 最大 ${maxBytes / 1024 / 1024} MB)`,
          consumes: ['multipart/form-data'],
        },
      },
      upload,
    );

  async function upload(request: FastifyRequest) {
    const { data, filename } = await readUpload(request, maxBytes);
    if (data.length === 0) throw badRequest('file 不能为空');
    const extension = path.extname(filename).slice(1).toLowerCase();
    if (!ALLOWED_EXTENSIONS.includes(extension)) {
      throw badRequest(`file 类型不支持, 仅支持 ${ALLOWED_EXTENSIONS.join(', ')}`);
    }
    if (!sniffContentType(data, extension)) throw badRequest(`file 内容与扩展名 .${extension} 不符`);
    const name = `${today()}-${crypto.randomBytes(16).toString('hex')}.${extension}`;
    await (await fileStoreOf(app.ctx)).put(name, data);
    const link = `/api${FILE_PATH}/${name}`;
    const domain = `${request.protocol}://${request.host}`;
    const originalName = path.basename(filename).slice(0, 500);
    const attachId = await attachments.save(app.ctx, request, {
      link,
      domain,
      name,
      originalName,
      extension,
      attachSize: data.length,
    });
    return ok({ link, domain, name, originalName, attachId: String(attachId) });
  }

  app.get(
    `${FILE_PATH}/:name`,
    {
      config: { access: 'public' },
      schema: {
        tags: ['对象存储'],
        summary: '读取已上传的文件',
        params: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!NAME.test(name)) throw notFound('文件不存在');
      // Files kept on the disk before a cloud store was enabled stay there; the rest are the cloud store's, which
      // the browser fetches itself through a freshly signed link.
      const data = await localStore(app.ctx).read(name);
      if (!data) {
        const store = await fileStoreOf(app.ctx);
        if (!store.downloadLink) throw notFound('文件不存在');
        return reply.header('cache-control', 'no-store').redirect(await store.downloadLink(name), 302);
      }
      const type = contentTypeOf(path.extname(name).slice(1));
      // Only images open in the browser; anything else (a PDF may carry script) downloads instead of running
      // with our origin.
      if (!type.startsWith('image/')) reply.header('content-disposition', `attachment; filename="${name}"`);
      return reply
        .type(type)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );
};
