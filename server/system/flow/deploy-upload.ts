// POST /api/blade-flow/manager/deploy-upload (BladeX's 部署管理 upload): a BPMN 2.0 file drawn elsewhere (bpmn-js,
// Flowable's modeler) deployed as the next version of its process, refused with the engine's checks as a model
// saved in 模型管理 would be. The file is the multipart field `file` (`files`, as Saber sends it, is read too).
import fastifyMultipart from '@fastify/multipart';
import { badRequest, ok, unauthorized } from '../../platform/http/envelope.js';
import type { RoutePlugin } from '../../platform/http/route-plugin.js';
import { MODEL_MAX_BYTES } from './bpmn/contents.js';
import { deployXml } from './manage.js';
import { DEPLOYED_ANSWER } from './records.js';

export const deployUploadRoutes: RoutePlugin = async (app) => {
  // A larger file is refused as it arrives, before it is held whole.
  await app.register(fastifyMultipart, { limits: { fileSize: MODEL_MAX_BYTES, files: 1, fields: 5 } });
  app.post(
    '/blade-flow/manager/deploy-upload',
    {
      config: { access: { menu: ['work_start'] }, button: 'flow_deploy', answer: DEPLOYED_ANSWER },
      schema: {
        tags: ['流程管理'],
        summary: '上传 BPMN 2.0 文件并部署为新版本 (multipart 字段 file)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      if (!request.user) throw unauthorized();
      if (!request.isMultipart()) throw badRequest('请使用 multipart/form-data 上传, 文件字段名为 file');
      const part = await request.file();
      if (!part || !['file', 'files'].includes(part.fieldname)) throw badRequest('请选择流程文件');
      let data: Buffer;
      try {
        data = await part.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('流程文件不能超过 500 KB');
        throw error;
      }
      if (data.length === 0) throw badRequest('请选择流程文件');
      return ok(await deployXml(app.ctx, request, data.toString('utf8')));
    },
  );
};
