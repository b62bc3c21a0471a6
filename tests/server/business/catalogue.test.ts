// Fault reports, wards and beds, field staff and their rota, and what the customer app shows (coupons, goods,
// activities, banners, tips, common questions, apps): saves, required-field messages, bad types, their rules,
// permissions and the site manager's scope over faults.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDept, addRole, addUser, grantCode } from '../auth/fixtures.js';
import { type Api, openApi, pageOf, type Row, rowOf } from '../engine/api.js';
import { liveIdOf, signIn } from '../harness.js';
import { addEquipment, addSite, addType, idOfNew } from './rental-api.js';

let api: Api;
const ids: Record<string, string> = {};
const base = (name: string) => `/api/blade-system/${name}`;
const submit = (name: string, body: Row, token?: string) => api.post(`${base(name)}/submit`, { body, token });
const detail = async (name: string, id: string): Promise<Row> => rowOf(await api.get(`${base(name)}/detail`, { id }));

beforeAll(async () => {
  api = await openApi();
  const dept = await liveIdOf(api.server, 'blade_dept', 'deptName', '乐行租赁');
  const company = await liveIdOf(api.server, 'biz_company', 'shortName', '乐行租赁');
  const franchiseeDept = await liveIdOf(api.server, 'blade_dept', 'deptName', '童乐出行');
  const franchisee = await liveIdOf(api.server, 'biz_company', 'shortName', '童乐出行');
  ids.mall = await addSite(api, '正大广场', company, dept);
  ids.hospital = await idOfNew(
    api,
    base('site'),
    { siteName: '复旦儿科医院', siteKind: 2, companyId: company, deptId: dept, provinceCode: '31', cityCode: '3101' },
    'siteName',
  );
  ids.ownSite = await addSite(api, '西湖银泰', franchisee, franchiseeDept);
  ids.type = await addType(api, '陪护床');
  ids.equ = await addEquipment(api, 'ZD-001', ids.mall, ids.type);
  ids.ownEqu = await addEquipment(api, 'XH-001', ids.ownSite, ids.type);
});
afterAll(async () => api?.close());

const VALID: Record<string, Row> = {
  problem: { equId: '', faultKind: 1, description: '扫码后锁不开' },
  room: { siteId: '', ward: '内科一病区', roomNo: '301' },
  coupon: {
    couponName: '满20减5',
    couponKind: 1,
    amount: 500,
    threshold: 2000,
    validFrom: '2026-01-01',
    validTo: '2026-12-31 23:59:59',
    quantity: 1000,
  },
  goods: { goodsName: '儿童雨衣', price: 2990 },
  activity: {
    activityName: '充100送20',
    activityKind: 1,
    startTime: '2026-06-01',
    endTime: '2026-06-30',
    rechargeAmount: 10000,
    bonusAmount: 2000,
  },
  banner: { title: '暑期特惠', image: '/upload/banner-summer.png' },
  tip: { title: '如何还车', tipKind: 2, content: '<p>推回原站点,扣上锁即可。</p>' },
  normal: { question: '押金什么时候退?', answer: '还车后押金原路退回,一般 1-3 个工作日到账。' },
  oper: { operName: '张师傅', phone: '13800138000', siteIds: '' },
  app: { appName: '乐行租赁小程序', appKey: 'wx1234567890abcdef', appKind: 1 },
};

const REQUIRED: Array<[string, string[], string[]]> = [
  ['problem', ['equId', 'faultKind', 'description'], ['请选择设备', '请选择故障类型', '请输入问题描述']],
  ['room', ['siteId', 'ward', 'roomNo'], ['请选择医院', '请输入病区', '请输入房间号']],
  [
    'coupon',
    ['couponName', 'couponKind', 'validFrom', 'validTo', 'quantity'],
    ['请输入优惠券名称', '请选择优惠券类型', '请选择生效时间', '请选择失效时间', '请输入发放总量'],
  ],
  ['goods', ['goodsName', 'price'], ['请输入商品名称', '请输入价格']],
  [
    'activity',
    ['activityName', 'activityKind', 'startTime', 'endTime'],
    ['请输入活动名称', '请选择活动类型', '请选择开始时间', '请选择结束时间'],
  ],
  ['banner', ['title', 'image'], ['请输入标题', '请上传图片']],
  ['tip', ['title', 'tipKind', 'content'], ['请输入标题', '请选择提示类型', '请输入内容']],
  ['normal', ['question', 'answer'], ['请输入问题', '请输入解答']],
  ['oper', ['operName', 'phone', 'siteIds'], ['请输入姓名', '请输入手机号', '请选择负责站点']],
  ['app', ['appName', 'appKey', 'appKind'], ['请输入应用名称', '请输入应用标识', '请选择应用类型']],
];

const valid = (name: string): Row => {
  const body = { ...VALID[name] };
  if (name === 'problem') body.equId = ids.equ;
  if (name === 'room') body.siteId = ids.hospital;
  if (name === 'oper') body.siteIds = ids.mall;
  return body;
};

describe.each(REQUIRED)('%s', (name, fields, messages) => {
  it('saves a complete row and names each missing field in turn', async () => {
    for (const [index, field] of fields.entries()) {
      const body = valid(name);
      delete body[field];
      expect(await submit(name, body), field).toMatchObject({ status: 400, msg: messages[index] });
    }
    expect(await submit(name, valid(name))).toMatchObject({ status: 200 });
  });
});

describe('problem', () => {
  it('takes its site from the equipment and, once resolved, turns the equipment back to idle', async () => {
    await api.post(`${base('equ')}/submit`, { body: { id: ids.equ, equState: 3 } });
    const id = await idOfNew(api, base('problem'), { ...valid('problem'), description: '车轮卡死' }, 'description');
    expect(await detail('problem', id)).toMatchObject({ siteId: ids.mall, problemState: 1, resolveTime: '' });
    expect(await submit('problem', { id, problemState: 3 })).toMatchObject({ status: 400, msg: '请输入处理结果' });
    expect(
      await submit('problem', { id, problemState: 3, handler: '张师傅', result: '更换车轮', resolvedEquState: 1 }),
    ).toMatchObject({ status: 200 });
    expect(await detail('equ', ids.equ)).toMatchObject({ equState: 1 });
    expect((await detail('problem', id)).resolveTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('refuses unknown equipment and a fault kind outside the dictionary', async () => {
    expect(await submit('problem', { ...valid('problem'), equId: '9' })).toMatchObject({
      status: 400,
      msg: '设备不存在',
    });
    expect(await submit('problem', { ...valid('problem'), faultKind: 8 })).toMatchObject({ status: 400 });
  });
});

describe('room and bed', () => {
  it('puts rooms in hospitals only, numbers them once per ward, and refuses removing a room with beds', async () => {
    expect(await submit('room', { ...valid('room'), siteId: ids.mall })).toMatchObject({
      status: 400,
      msg: '病房只能设在医院类站点',
    });
    const roomId = await idOfNew(api, base('room'), { ...valid('room'), roomNo: '302' }, 'roomNo');
    expect(await submit('room', { ...valid('room'), roomNo: '302' })).toMatchObject({
      status: 400,
      msg: '该病区已有此房间号',
    });
    const bedId = await idOfNew(api, base('bed'), { roomId, bedNo: '302-1', equId: ids.equ }, 'bedNo');
    expect(await detail('bed', bedId)).toMatchObject({ roomId, siteId: ids.hospital, bedState: 1 });
    expect(await submit('bed', { roomId, bedNo: '302-1' })).toMatchObject({ status: 400, msg: '该病房已有此床位号' });
    expect(await submit('bed', { bedNo: '302-2' })).toMatchObject({ status: 400, msg: '请选择病房' });
    expect(await api.post(`${base('room')}/remove`, { query: { ids: roomId } })).toMatchObject({
      status: 400,
      msg: '病房下还有床位,请先删除床位',
    });
  });
});

describe('coupon', () => {
  it('needs its validity to end after it starts and the value its kind uses', async () => {
    expect(await submit('coupon', { ...valid('coupon'), validTo: '2025-12-31' })).toMatchObject({
      status: 400,
      msg: '失效时间必须晚于生效时间',
    });
    expect(await submit('coupon', { ...valid('coupon'), couponKind: 2 })).toMatchObject({
      status: 400,
      msg: '请输入折扣',
    });
    expect(await submit('coupon', { ...valid('coupon'), couponKind: 3 })).toMatchObject({
      status: 400,
      msg: '请输入免费时长',
    });
    expect(await submit('coupon', { ...valid('coupon'), amount: '5元' })).toMatchObject({
      status: 400,
      msg: '优惠金额(分) 必须是整数',
    });
    expect(await submit('coupon', { ...valid('coupon'), validFrom: '明天' })).toMatchObject({ status: 400 });
  });

  it('keeps issued and used counts away from the form', async () => {
    const id = await idOfNew(
      api,
      base('coupon'),
      { ...valid('coupon'), couponName: '新人券', issuedCount: 50 },
      'couponName',
    );
    expect(await detail('coupon', id)).toMatchObject({ issuedCount: 0, usedCount: 0, amount: 500, threshold: 2000 });
  });
});

describe('activity, banner, goods, oper, schedule, app', () => {
  it('checks an activity’s window, its recharge amounts and its coupon', async () => {
    const body = valid('activity');
    expect(await submit('activity', { ...body, endTime: '2026-05-01' })).toMatchObject({
      status: 400,
      msg: '结束时间必须晚于开始时间',
    });
    expect(await submit('activity', { ...body, bonusAmount: null })).toMatchObject({
      status: 400,
      msg: '请输入赠送金额',
    });
    const newcomer = { activityName: '新人礼', activityKind: 2, startTime: '2026-06-01', endTime: '2026-07-01' };
    expect(await submit('activity', newcomer)).toMatchObject({ status: 400, msg: '请选择赠送优惠券' });
    expect(await submit('activity', { ...newcomer, couponId: '3' })).toMatchObject({
      status: 400,
      msg: '优惠券不存在',
    });
  });

  it('checks a banner’s window and a price in whole cents', async () => {
    expect(
      await submit('banner', { ...valid('banner'), validFrom: '2026-07-01', validTo: '2026-07-01' }),
    ).toMatchObject({ status: 400, msg: '结束时间必须晚于开始时间' });
    expect(await submit('goods', { ...valid('goods'), price: 29.9 })).toMatchObject({
      status: 400,
      msg: '价格(分) 必须是整数',
    });
  });

  it('needs a real mobile number and real sites for field staff, and rotas them only at their sites', async () => {
    expect(await submit('oper', { ...valid('oper'), phone: '12345' })).toMatchObject({
      status: 400,
      msg: '手机号格式不正确',
    });
    expect(await submit('oper', { ...valid('oper'), siteIds: `${ids.mall},99` })).toMatchObject({
      status: 400,
      msg: '负责站点不存在',
    });
    const operId = await idOfNew(api, base('oper'), { ...valid('oper'), operName: '李师傅' }, 'operName');
    const duty = { operId, siteId: ids.mall, dutyDate: '2026-07-01', shift: 1 };
    expect(await submit('schedule', duty)).toMatchObject({ status: 200 });
    expect(await submit('schedule', duty)).toMatchObject({ status: 400, msg: '该运维人员此班次已有排班' });
    expect(await submit('schedule', { ...duty, siteId: ids.hospital })).toMatchObject({
      status: 400,
      msg: '该运维人员不负责此站点',
    });
    expect(await api.post(`${base('oper')}/remove`, { query: { ids: operId } })).toMatchObject({
      status: 400,
      msg: '该运维人员还有排班,请先删除排班',
    });
  });

  it('keeps app ids unique', async () => {
    expect(await submit('app', valid('app'))).toMatchObject({ status: 400, msg: '应用标识已存在' });
  });
});

describe('permissions and scope', () => {
  it('refuses writes without the buttons and lists without the screen', async () => {
    const role = await addRole(api.server, 'marketing_reader');
    for (const code of ['coupon', 'goods', 'problem']) await grantCode(api.server, role, code);
    const dept = await addDept(api.server, '市场部');
    await addUser(api.server, { account: 'marketer', password: 'market-1', roleIds: [role], deptIds: [dept] });
    const token = await signIn(api.server, 'marketer', 'market-1');
    expect(pageOf(await api.get(`${base('coupon')}/list`, {}, token)).total).toBeGreaterThan(0);
    expect(await submit('coupon', { id: '1' }, token)).toMatchObject({ status: 403 });
    expect(await api.get(`${base('banner')}/list`, {}, token)).toMatchObject({ status: 403 });
  });

  it('shows the site manager only the faults of its company’s equipment', async () => {
    await idOfNew(
      api,
      base('problem'),
      { equId: ids.ownEqu, faultKind: 4, description: '电量显示异常' },
      'description',
    );
    const manager = await signIn(api.server, 'manager', 'manager');
    const listed = await api.get(`${base('problem')}/list`, { size: 100 }, manager);
    expect(listed, JSON.stringify(listed)).toMatchObject({ status: 200 });
    const faults = pageOf(listed).records;
    expect(faults.map((row) => row.description)).toEqual(['电量显示异常']);
    expect(await submit('problem', { ...valid('problem'), description: '越权' }, manager)).toMatchObject({
      status: 400,
      msg: '设备不存在',
    });
  });
});

describe('pictures and links', () => {
  const UPLOADED = '/api/blade-resource/oss/endpoint/file/3f2a9c.png';
  const CASES: Array<[string, string, Row]> = [
    ['goods', 'picture', { goodsName: '儿童雨衣-图片', price: 2990 }],
    ['banner', 'image', { title: '图片-轮播' }],
    ['banner', 'link', { title: '链接-轮播', image: UPLOADED }],
    ['type', 'picture', { typeName: '图片-类型', typeKind: 1 }],
  ];

  it.each(CASES)(
    '%s.%s takes an uploaded path or an http(s) address, and refuses a number naming the field',
    async (name, field, body) => {
      const label = field === 'link' ? '跳转链接' : '图片';
      for (const bad of [1e300, 12345, 'javascript:alert(1)', '//evil.example/x.png', 'https://x.example/a b.png']) {
        expect(await submit(name, { ...body, [field]: bad }), String(bad)).toMatchObject({
          status: 400,
          msg: `${label}格式不正确`,
        });
      }
      const [nameField] = Object.keys(body);
      const stored = await api.server.ctx.db
        .selectFrom(`biz_${name}` as 'biz_goods')
        .select('id')
        .where(nameField as 'goodsName', '=', String(body[nameField as string]))
        .execute();
      expect(stored).toEqual([]);
      for (const good of [UPLOADED, 'https://cdn.example.com/goods/raincoat.png', '/pages/activity/index']) {
        const saved = await submit(name, { ...body, [field]: good });
        expect(saved, good).toMatchObject({ status: 200 });
      }
    },
  );

  it('takes a fault report’s photos as a comma list of addresses, and refuses anything else in it', async () => {
    const photos = `${UPLOADED},https://cdn.example.com/faults/2.jpg`;
    expect(await submit('problem', { ...valid('problem'), pictures: 1e300 })).toMatchObject({
      status: 400,
      msg: '图片格式不正确',
    });
    expect(await submit('problem', { ...valid('problem'), pictures: `${UPLOADED},javascript:x` })).toMatchObject({
      status: 400,
      msg: '图片格式不正确',
    });
    const id = await idOfNew(
      api,
      base('problem'),
      { ...valid('problem'), description: '照片', pictures: photos },
      'description',
    );
    expect(await detail('problem', id)).toMatchObject({ pictures: photos });
  });

  it('names the field in English too', async () => {
    const answer = await api.server.app.inject({
      method: 'POST',
      url: `${base('goods')}/submit`,
      headers: {
        authorization: `Basic ${Buffer.from('saber:saber_secret').toString('base64')}`,
        'blade-auth': `bearer ${api.adminToken}`,
        'accept-language': 'en',
      },
      payload: { goodsName: '儿童雨衣-英文', price: 2990, picture: 1e300 },
    });
    expect(answer.json()).toMatchObject({ code: 400, msg: 'Picture is not valid' });
  });
});
