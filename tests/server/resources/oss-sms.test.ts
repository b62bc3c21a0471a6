// Object storage and SMS: configs with one active per kind, file upload checked by size and content, the stored
// file served back and removed with its attachment — on the local disk and through the S3 client to the S3 double
// (MinIO's protocol, signatures checked) — and text messages through the SMS simulator.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Double, startS3Double } from '../../../scripts/doubles/s3.js';
import { sendSms } from '../../../server/system/sms/send.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { call } from '../harness.js';

let api: Api;

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), crypto.randomBytes(64)]);
const PDF = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function upload(filename: string, data: Buffer, token: string | undefined = api.adminToken, field = 'file') {
  const boundary = `----ride${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return call(api.server, 'POST', '/api/blade-resource/oss/endpoint/put-file', {
    token,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

let s3: S3Double;

beforeAll(async () => {
  [api, s3] = await Promise.all([openApi({ UPLOAD_MAX_MB: '1' }), startS3Double()]);
});
afterAll(async () => {
  await Promise.all([api?.close(), s3?.close()]);
});

/** The file behind a link as a browser gets it: served by the console, or through the signed link it redirects to. */
async function download(link: string): Promise<{ status: number; type?: string; data: Buffer; disposition?: string }> {
  const served = await api.server.app.inject({ method: 'GET', url: link });
  if (served.statusCode !== 302) {
    return {
      status: served.statusCode,
      type: served.headers['content-type'] as string | undefined,
      data: served.rawPayload,
      disposition: served.headers['content-disposition'] as string | undefined,
    };
  }
  const signed = String(served.headers.location);
  expect(signed).toMatch(new RegExp(`^${s3.url}/${s3.bucket}/\\d{8}-[0-9a-f]{32}\\.[a-z]+\\?.*X-Amz-Signature=`));
  const fetched = await fetch(signed);
  return {
    status: fetched.status === 403 ? 404 : fetched.status,
    type: fetched.headers.get('content-type') ?? undefined,
    data: Buffer.from(await fetched.arrayBuffer()),
  };
}

describe.each(['disk', 's3'] as const)('file upload (%s)', (store) => {
  let uploaded: Row = {};

  beforeAll(async () => {
    if (store === 'disk') return;
    const config = { category: 1, ossCode: 's3-double', endpoint: s3.url, bucketName: s3.bucket };
    const saved = { ...config, accessKey: s3.accessKey, secretKey: s3.secretKey };
    expect(await api.post('/api/blade-resource/oss/submit', { body: saved })).toMatchObject({ status: 200 });
    const id = String(pageOf(await api.get('/api/blade-resource/oss/list', { ossCode: 's3-double' })).records[0].id);
    expect(await api.post('/api/blade-resource/oss/enable', { query: { id } })).toMatchObject({ status: 200 });
  });
  afterAll(async () => {
    await api.server.ctx.db.updateTable('blade_oss').set({ status: 1 }).execute();
  });

  it('stores an image and answers its link and attachment', async () => {
    const response = await upload('头像.PNG', PNG);
    expect(response.statusCode).toBe(200);
    uploaded = response.json().data;
    expect(uploaded).toMatchObject({ originalName: '头像.PNG' });
    expect(uploaded.link).toMatch(/^\/api\/blade-resource\/oss\/file\/\d{8}-[0-9a-f]{32}\.png$/);
    expect(uploaded.attachId).toMatch(/^\d+$/);
    const file = await download(String(uploaded.link));
    expect(file.status).toBe(200);
    expect(file.type).toBe('image/png');
    expect(file.data.equals(PNG)).toBe(true);
    if (store === 's3') {
      expect(s3.objects.get(String(uploaded.name))?.data.equals(PNG)).toBe(true);
      // The bucket is private: the object is read only through a signed link.
      expect((await fetch(`${s3.url}/${s3.bucket}/${uploaded.name}`)).status).toBe(403);
    }
    expect(rowOf(await api.get('/api/blade-resource/attach/detail', { id: String(uploaded.attachId) }))).toMatchObject({
      link: uploaded.link,
      name: uploaded.name,
      extension: 'png',
      attachSize: PNG.length,
    });
  });

  it('lets any signed-in person upload an avatar and accepts a PDF', async () => {
    expect((await upload('avatar.png', PNG, api.operatorToken)).statusCode).toBe(200);
    const pdf = (await upload('合同.pdf', PDF)).json().data;
    expect(pdf.link).toMatch(/\.pdf$/);
    // A PDF may carry script: it downloads instead of opening inside our origin; an image still shows inline.
    const served = await download(String(pdf.link));
    expect(served.data.equals(PDF)).toBe(true);
    if (store === 's3') return;
    expect(served.disposition).toBe(`attachment; filename="${pdf.name}"`);
    const image = (await upload('avatar.png', PNG)).json().data;
    expect((await download(String(image.link))).disposition).toBeUndefined();
  });

  it('refuses content that is not what its extension claims', async () => {
    expect((await upload('photo.png', Buffer.from('<script>alert(1)</script>'))).json()).toMatchObject({
      code: 400,
      msg: 'file 内容与扩展名 .png 不符',
    });
    expect((await upload('photo.jpg', PNG)).json()).toMatchObject({ code: 400, msg: 'file 内容与扩展名 .jpg 不符' });
    const exe = await upload('tool.exe', Buffer.from('MZ\x90\x00'));
    expect(exe.statusCode).toBe(400);
    expect(exe.json().msg).toMatch(/^file 类型不支持, 仅支持 jpg, jpeg, png/);
  });

  it('refuses an oversized, empty, misnamed or non-multipart upload', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 1)]);
    expect((await upload('big.png', big)).json()).toMatchObject({ code: 413, msg: 'file 大小不能超过 1 MB' });
    expect((await upload('empty.png', Buffer.alloc(0))).json()).toMatchObject({ code: 400, msg: 'file 不能为空' });
    expect((await upload('a.png', PNG, api.adminToken, 'avatar')).json()).toMatchObject({ msg: 'file 不能为空' });
    const json = await api.post('/api/blade-resource/oss/endpoint/put-file', { body: { file: 'x' } });
    expect(json).toMatchObject({ status: 400, msg: '请使用 multipart/form-data 上传, 文件字段名为 file' });
    expect((await upload('a.png', PNG, '')).statusCode).toBe(401);
  });

  it('answers 404 for unknown or crafted file names', async () => {
    for (const name of ['20260101-00000000000000000000000000000000.png', '..%2F..%2Fconsole.db', 'x.png']) {
      expect((await download(`/api/blade-resource/oss/file/${name}`)).status).toBe(404);
    }
  });

  it.runIf(store === 's3')('names what the store refused: a wrong secretKey, a missing bucket', async () => {
    const db = api.server.ctx.db;
    const config = (values: { secretKey?: string; bucketName?: string }) =>
      db.updateTable('blade_oss').set(values).where('ossCode', '=', 's3-double').execute();
    await config({ secretKey: 'not-the-secret' });
    expect((await upload('a.png', PNG)).json()).toMatchObject({
      code: 400,
      msg: '对象存储拒绝: SignatureDoesNotMatch, secretKey 不正确',
    });
    await config({ secretKey: s3.secretKey, bucketName: 'elsewhere' });
    expect((await upload('a.png', PNG)).json()).toMatchObject({
      code: 400,
      msg: '对象存储拒绝: NoSuchBucket, 空间名不存在',
    });
    await config({ bucketName: s3.bucket });
  });

  it('deletes the stored file with its attachment', async () => {
    expect(
      await api.post('/api/blade-resource/attach/remove', { query: { ids: String(uploaded.attachId) } }),
    ).toMatchObject({ status: 200 });
    expect((await download(String(uploaded.link))).status).toBe(404);
    expect((await api.get('/api/blade-resource/attach/detail', { id: String(uploaded.attachId) })).status).toBe(404);
    if (store === 's3') expect(s3.objects.has(String(uploaded.name))).toBe(false);
  });
});

describe('configs with one active per kind', () => {
  for (const [kind, base, body] of [
    [
      'oss',
      '/api/blade-resource/oss',
      { category: 1, endpoint: 'http://minio.local:9000', accessKey: 'ak', secretKey: 'sk', bucketName: 'ride' },
    ],
    ['sms', '/api/blade-resource/sms', { category: 3, templateId: 'SMS_1', accessKey: 'ak', signName: '乐行租赁' }],
  ] as const) {
    it(`${kind}: enabling one disables the others`, async () => {
      const codeKey = kind === 'oss' ? 'ossCode' : 'smsCode';
      for (const code of [`${kind}-a`, `${kind}-b`]) {
        expect(await api.post(`${base}/submit`, { body: { ...body, [codeKey]: code, status: 2 } })).toMatchObject({
          status: 200,
        });
      }
      const idOf = async (code: string) =>
        String(pageOf(await api.get(`${base}/list`, { [codeKey]: code })).records[0].id);
      const statusOf = async (code: string) => rowOf(await api.get(`${base}/detail`, { id: await idOf(code) })).status;
      expect(await statusOf(`${kind}-a`)).toBe(1);
      expect(await api.post(`${base}/enable`, { query: { id: await idOf(`${kind}-a`) } })).toMatchObject({
        status: 200,
      });
      expect(await statusOf(`${kind}-a`)).toBe(2);
      expect(await api.post(`${base}/enable`, { query: { id: await idOf(`${kind}-b`) } })).toMatchObject({
        status: 200,
      });
      expect([await statusOf(`${kind}-a`), await statusOf(`${kind}-b`)]).toEqual([1, 2]);
      expect(await api.post(`${base}/enable`, { query: { id: '12345' } })).toMatchObject({ status: 404 });
      expect(await api.post(`${base}/enable`, { query: { id: 'all' } })).toMatchObject({
        status: 400,
        msg: 'id 格式不正确',
      });
      expect(
        await api.post(`${base}/submit`, { body: { ...body, [codeKey]: `${kind}-c`, category: 9 } }),
      ).toMatchObject({
        status: 400,
        msg: '分类必须是以下值之一: 1, 2, 3, 4',
      });
    });
  }
});

describe('text messages', () => {
  const SEND = '/api/blade-resource/sms/endpoint/send-message';

  it('sends through the enabled config and records every message', async () => {
    expect(
      await api.post(SEND, { query: { phones: '13800138000,13900139000', params: '{"code":"4821"}' } }),
    ).toMatchObject({ status: 200, msg: '发送成功' });
    const sent = await api.server.ctx.db
      .selectFrom('blade_sms_message')
      .selectAll()
      .where('phone', 'in', ['13800138000', '13900139000'])
      .execute();
    expect(
      sent.map((row) => [row.phone, row.smsCode, row.success, JSON.parse(String(row.params)).code]).sort(),
    ).toEqual([
      ['13800138000', 'sms-b', 1, '4821'],
      ['13900139000', 'sms-b', 1, '4821'],
    ]);
  });

  it('names a bad phone, bad params, an unknown config and a missing phone', async () => {
    expect(await api.post(SEND, { query: { phones: '13800138000,12345' } })).toMatchObject({
      status: 400,
      msg: '手机号码格式不正确: 12345',
    });
    expect(await api.post(SEND, { query: { phones: '13800138000', params: 'code=1' } })).toMatchObject({
      status: 400,
      msg: 'params 必须是 JSON 对象, 例如 {"code":"123456"}',
    });
    expect(await api.post(SEND, { query: { phones: '13800138000', code: 'nope' } })).toMatchObject({
      status: 400,
      msg: '短信配置不存在: nope',
    });
    expect(await api.post(SEND)).toMatchObject({ status: 400, msg: 'phones 不能为空' });
  });

  it('fails like the provider when the config lacks a signature, and records the failure', async () => {
    await api.server.ctx.db.updateTable('blade_sms').set({ signName: '' }).where('smsCode', '=', 'sms-a').execute();
    expect(await api.post(SEND, { query: { phones: '13700137000', code: 'sms-a' } })).toMatchObject({
      status: 400,
      msg: '短信发送失败: 13700137000: 短信签名不合法',
    });
    const failed = await api.server.ctx.db
      .selectFrom('blade_sms_message')
      .select(['success', 'error'])
      .where('phone', '=', '13700137000')
      .executeTakeFirstOrThrow();
    expect(failed).toEqual({ success: 0, error: '短信签名不合法' });
  });

  it('refuses the operator, who holds no SMS grant', async () => {
    expect((await api.post(SEND, { token: api.operatorToken, query: { phones: '13800138000' } })).status).toBe(403);
  });

  it('sends sign-in codes for other modules through sendSms, and refuses when none is enabled', async () => {
    expect(await sendSms(api.server.ctx, { phones: '13600136000', templateParams: { code: '9527' } })).toEqual([
      '13600136000',
    ]);
    await api.server.ctx.db.updateTable('blade_sms').set({ status: 1 }).execute();
    await expect(sendSms(api.server.ctx, { phones: ['13600136000'], templateParams: {} })).rejects.toThrow(
      '未启用短信配置, 请先在短信配置中启用一项',
    );
  });
});
