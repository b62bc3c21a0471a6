// Goods orders: the shop sales customers made in the app, listed newest first with their amounts in cents, searched
// by state, shown one by one, and only to staff with the goods-order menu.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { nextId } from '../../../server/platform/db/ids.js';
import { formatDateTime } from '../../../server/platform/db/time.js';
import { type Api, openApi, pageOf, rowOf } from '../engine/api.js';
import { signIn } from '../harness.js';

let api: Api;
const GOODS_ORDER = '/api/blade-system/goods-order';

beforeAll(async () => {
  api = await openApi();
  const customerId = nextId();
  const sale = (
    outTradeNo: string,
    goodsName: string,
    price: number,
    quantity: number,
    state: number,
    hoursAgo: number,
  ) => ({
    id: nextId(),
    outTradeNo,
    transactionId: state === 0 ? null : `4200${outTradeNo}`,
    customerId,
    nickName: '小明妈妈',
    goodsId: nextId(),
    goodsName,
    price,
    quantity,
    totalAmount: price * quantity,
    state,
    payTime: state === 0 ? null : formatDateTime(new Date(Date.now() - hoursAgo * 3600_000)),
    createTime: formatDateTime(new Date(Date.now() - hoursAgo * 3600_000)),
  });
  await api.server.ctx.db
    .insertInto('biz_goods_order')
    .values([sale('G1001', '推车雨罩', 3900, 1, 1, 5), sale('G1002', '矿泉水', 300, 2, 0, 1)])
    .execute();
});
afterAll(async () => api?.close());

it('lists goods orders newest first, by state, and shows one', async () => {
  const page = pageOf(await api.get(`${GOODS_ORDER}/list`));
  expect(page.records.map((row) => [row.outTradeNo, row.goodsName, row.totalAmount, row.state])).toEqual([
    ['G1002', '矿泉水', 600, 0],
    ['G1001', '推车雨罩', 3900, 1],
  ]);
  const paid = pageOf(await api.get(`${GOODS_ORDER}/list`, { state_equal: 1 })).records;
  expect(paid.map((row) => row.outTradeNo)).toEqual(['G1001']);
  expect(rowOf(await api.get(`${GOODS_ORDER}/detail`, { id: String(paid[0].id) }))).toMatchObject({
    quantity: 1,
    price: 3900,
    transactionId: '4200G1001',
  });
  const manager = await signIn(api.server, 'manager', 'manager');
  expect(await api.get(`${GOODS_ORDER}/list`, {}, manager)).toMatchObject({ status: 403 });
});
