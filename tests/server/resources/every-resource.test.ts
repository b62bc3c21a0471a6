// Every engine call of every plain resource answers: its list page, a 404 for an unknown id, a 400 naming the field
// for a missing one or a malformed id list, and its first required-field message on an empty add.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, openApi, pageOf } from '../engine/api.js';

let api: Api;

beforeAll(async () => {
  api = await openApi();
});
afterAll(async () => api?.close());

const WRITABLE: Array<[string, string]> = [
  ['/api/blade-system/param', '请输入参数名称'],
  ['/api/blade-system/client', '请输入客户端id'],
  ['/api/blade-system/topmenu', '请输入菜单编号'],
  ['/api/blade-system/data-scope', '请选择菜单'],
  ['/api/blade-system/api-scope', '请选择菜单'],
  ['/api/blade-desk/notice', '请输入标题'],
  ['/api/blade-resource/oss', '请选择分类'],
  ['/api/blade-resource/sms', '请选择分类'],
  ['/api/blade-system/dict', '请输入字典名称'],
  ['/api/blade-system/dict-biz', '请输入字典名称'],
  ['/api/blade-system/company', '请输入公司名称'],
  ['/api/blade-system/site', '请输入站点名称'],
  ['/api/blade-system/type', '请输入类型名称'],
  ['/api/blade-system/equ', '请输入设备编号'],
  ['/api/blade-system/price', '请输入方案名称'],
  ['/api/blade-system/problem', '请选择设备'],
  ['/api/blade-system/room', '请选择医院'],
  ['/api/blade-system/bed', '请选择病房'],
  ['/api/blade-system/coupon', '请输入优惠券名称'],
  ['/api/blade-system/goods', '请输入商品名称'],
  ['/api/blade-system/activity', '请输入活动名称'],
  ['/api/blade-system/banner', '请输入标题'],
  ['/api/blade-system/tip', '请输入标题'],
  ['/api/blade-system/normal', '请输入问题'],
  ['/api/blade-system/oper', '请输入姓名'],
  ['/api/blade-system/schedule', '请选择运维人员'],
  ['/api/blade-system/app', '请输入应用名称'],
];
const READ_ONLY = ['/api/blade-resource/attach', '/api/blade-log/api', '/api/blade-log/error', '/api/blade-log/usual'];

describe.each([...WRITABLE.map(([base]) => base), ...READ_ONLY])('%s', (base) => {
  it('lists a page, answers 404 for an unknown id and names a missing one', async () => {
    const page = pageOf(await api.get(`${base}/list`, { current: 1, size: 5, descs: 'create_time' }));
    expect(page).toMatchObject({ current: 1, size: 5, orders: [], searchCount: true });
    expect(await api.get(`${base}/detail`, { id: '1' })).toMatchObject({ status: 404, msg: '数据不存在' });
    expect(await api.get(`${base}/detail`)).toMatchObject({ status: 400, msg: 'id 不能为空' });
    expect(await api.get(`${base}/list`, { ascs: '1=1' })).toMatchObject({
      status: 400,
      msg: 'ascs 不支持按 1=1 排序',
    });
  });
});

describe.each(WRITABLE)('%s', (base, message) => {
  it('names the first required field of an add, refuses malformed ids and unknown ones', async () => {
    expect(await api.post(`${base}/submit`, { body: {} })).toMatchObject({ status: 400, msg: message });
    expect(await api.post(`${base}/remove`, { query: { ids: '1,,2' } })).toMatchObject({
      status: 400,
      msg: 'ids 格式不正确',
    });
    expect(await api.post(`${base}/remove`, { query: { ids: '1' } })).toMatchObject({ status: 404 });
    expect(await api.post(`${base}/submit`, { body: { id: '1' } })).toMatchObject({ status: 404 });
  });
});
