// The demo history's money beyond rentals: transfers staff made to customers (compensation, prizes; one in eight
// refused by the provider and given back), the shop's goods orders, and a payee (merchant number) per company.

import { TRANSFER_FAILED, TRANSFER_PAID } from '../money/wallets/transfer.js';
import { nextId } from '../platform/db/ids.js';
import { formatDateTime } from '../platform/db/time.js';
import type { DemoCustomer } from './demo-customers.js';
import { DAY_MS, type Db, entry, insertAll, type Rows } from './demo-rows.js';

const TRANSFER_REMARKS = ['推车故障补偿', '活动奖励', '押金差额补退', '客诉补偿'];

/** About one transfer every three days; each takes its amount from the merchant account (and a failed one gives it back). */
export async function writeTransfers(db: Db, customers: DemoCustomer[], random: () => number, days: number) {
  const now = Date.now();
  const transfers: Rows<'biz_transfer'> = [];
  const ledger: Rows<'biz_ledger'> = [];
  const count = Math.max(3, Math.round(days / 3));
  for (let i = 0; i < count; i += 1) {
    const customer = customers[Math.floor(random() * customers.length)];
    const id = nextId();
    const outBatchNo = `T${id}`;
    const amount = (1 + Math.floor(random() * 10)) * 500;
    const at = now - days * DAY_MS * (1 - (i + random()) / count);
    const createTime = formatDateTime(new Date(Math.min(at, now - 60_000)));
    const failed = i % 8 === 5;
    transfers.push({
      id,
      outBatchNo,
      customerId: customer.id,
      nickName: customer.nickName,
      amount,
      remark: TRANSFER_REMARKS[i % TRANSFER_REMARKS.length],
      batchId: `1030${id}`,
      state: failed ? TRANSFER_FAILED : TRANSFER_PAID,
      reason: failed ? '收款用户账户异常' : null,
      successTime: failed ? null : createTime,
      createTime,
    });
    ledger.push(entry(0, 'transfer', outBatchNo, -amount, createTime));
    if (failed) ledger.push(entry(0, 'transfer_back', outBatchNo, amount, createTime));
  }
  await insertAll(db, 'biz_transfer', transfers);
  await insertAll(db, 'biz_ledger', ledger);
}

/** About two shop purchases a day: mostly completed, some paid, cancelled or refunded, the unpaid ones recent. */
export async function writeGoodsOrders(db: Db, customers: DemoCustomer[], random: () => number, days: number) {
  const goods = await db
    .selectFrom('biz_goods')
    .select(['id', 'goodsName', 'price'])
    .where('isDeleted', '=', 0)
    .orderBy('sort')
    .execute();
  if (goods.length === 0) return;
  const now = Date.now();
  const count = days * 2;
  const rows: Rows<'biz_goods_order'> = [];
  for (let i = 0; i < count; i += 1) {
    const item = goods[Math.floor(random() * goods.length)];
    const customer = customers[Math.floor(random() * customers.length)];
    const roll = random();
    const state = roll < 0.65 ? 2 : roll < 0.8 ? 1 : roll < 0.9 ? 3 : roll < 0.95 ? 4 : 0;
    const at = state === 0 ? now - random() * 3600_000 : now - days * DAY_MS * (1 - (i + random()) / count);
    const createTime = formatDateTime(new Date(Math.min(at, now - 60_000)));
    const paid = state === 1 || state === 2 || state === 4;
    const quantity = 1 + Math.floor(random() * random() * 3);
    const id = nextId();
    rows.push({
      id,
      outTradeNo: `G${id}`,
      transactionId: paid ? `4200${id}` : null,
      customerId: customer.id,
      nickName: customer.nickName,
      phoneNumber: customer.phoneNumber,
      goodsId: item.id,
      goodsName: item.goodsName,
      price: Number(item.price),
      quantity,
      totalAmount: Number(item.price) * quantity,
      state,
      payTime: paid ? createTime : null,
      remark: state === 4 ? '商品破损, 已退款' : null,
      createTime,
    });
  }
  await insertAll(db, 'biz_goods_order', rows);
}

/** Each company's WeChat Pay merchant number, once. */
export async function writePayees(db: Db) {
  if (await db.selectFrom('biz_payee').select('id').where('isDeleted', '=', 0).executeTakeFirst()) return;
  const companies = await db
    .selectFrom('biz_company')
    .select(['id', 'companyName'])
    .where('isDeleted', '=', 0)
    .orderBy('id')
    .execute();
  await insertAll(
    db,
    'biz_payee',
    companies.map((company, index) => ({
      id: nextId(),
      payeeName: company.companyName,
      mchId: String(1_612_345_600 + index * 17),
      companyId: company.id,
      remark: index === 0 ? '总部收款账户' : null,
    })),
  );
}
