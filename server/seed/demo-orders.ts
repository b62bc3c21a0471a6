// `seed:demo -- --orders N`: N rental orders of the last 180 days at the demo sites, in every state, with what the
// money did around them — the deposit payments and pay-score service orders the sandbox knows, the deposit refunds at
// finish (some abnormal), staff refunds, split records, and the merchant ledger entries that make reconcile find no
// difference — plus a wallet per customer with a recharge and some withdrawals. Rows go in batches inside one
// transaction per batch group, so a million orders take minutes on SQLite (docs/orders-and-money.md); the daily figures
// are rebuilt at the end.
import { type Insertable, type Kysely, SqliteAdapter, sql, type Transaction } from 'kysely';
import { nextId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { formatDateTime } from '../db/time.js';
import { durationText, feeOf, type PricePlan } from '../orders/fee.js';
import { rebuildFigures } from '../reports/figures-rebuild.js';
import { addDemoOperation } from './demo-operation.js';

/** Rows per insert statement: under SQLite's bound-parameter limit for the widest table (orders, ~35 columns). */
const BATCH = 500;
/** Orders written per transaction. */
const CHUNK = 20_000;
const DAY_MS = 86_400_000;
/**
 * SQLite's page cache while generating, in KiB. Orders arrive in random time, site and state order, so every index
 * but the primary key takes inserts all over it; within the default 2 MB cache each insert evicts a page written
 * moments before, and a million orders wrote and reread tens of gigabytes.
 */
const GENERATION_CACHE_KIB = 262_144;
const PLAN: PricePlan = {
  freeMinutes: 5,
  firstMinutes: 60,
  firstPrice: 1000,
  unitMinutes: 30,
  unitPrice: 500,
  dailyCap: 5000,
};
const SPLIT_RATIO = 1000;
/** A pay-score order's payment status by order state, as the customer app's calls leave it. */
const SCORE_DESC = ['待确认', '已确认免押', '已确认免押', '支付成功', '用户已取消', '支付成功', '支付成功', '扣款失败'];

/**
 * A fixed pseudo-random sequence in [0, 1) (mulberry32), so every demo install is the same. Successive draws pick the
 * site, the equipment, the customer and the state, so they must not be correlated as a plain LCG's are.
 */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 82 % completed, 5 % refunded, 5 % abnormal, 3 % cancelled, 2 % in use, 1 % each awaiting payment, settling, refunding. */
function stateOf(roll: number): number {
  const bands: Array<[number, number]> = [
    [0.82, 3],
    [0.87, 6],
    [0.92, 7],
    [0.95, 4],
    [0.97, 1],
    [0.98, 0],
    [0.99, 2],
  ];
  return bands.find(([upTo]) => roll < upTo)?.[1] ?? 5;
}

type Rows<T extends keyof Database> = Insertable<Database[T]>[];

async function insertAll<T extends keyof Database>(trx: Transaction<Database>, table: T, rows: Rows<T>): Promise<void> {
  for (let start = 0; start < rows.length; start += BATCH) {
    await trx
      .insertInto(table)
      .values(rows.slice(start, start + BATCH) as never)
      .execute();
  }
}

interface Place {
  siteId: number;
  siteName: string;
  deptId: number;
  deptName: string;
  equipment: Array<{ id: number; keyPair: string; typeId: number; deposit: number }>;
}

async function placesOf(db: Kysely<Database>): Promise<Place[]> {
  if (!(await db.selectFrom('biz_site').select('id').where('isDeleted', '=', 0).executeTakeFirst())) {
    await addDemoOperation(db);
  }
  const equipment = await db
    .selectFrom('biz_equ')
    .innerJoin('biz_site', 'biz_site.id', 'biz_equ.siteId')
    .innerJoin('biz_type', 'biz_type.id', 'biz_equ.typeId')
    .leftJoin('blade_dept', 'blade_dept.id', 'biz_site.deptId')
    .select([
      'biz_equ.id',
      'biz_equ.keyPair',
      'biz_equ.typeId',
      'biz_type.deposit',
      'biz_site.id as siteId',
      'biz_site.siteName',
      'biz_site.deptId',
      'blade_dept.deptName',
    ])
    .where('biz_equ.isDeleted', '=', 0)
    .where('biz_site.isDeleted', '=', 0)
    .execute();
  const places = new Map<number, Place>();
  for (const row of equipment) {
    const siteId = Number(row.siteId);
    let place = places.get(siteId);
    if (!place) {
      place = {
        siteId,
        siteName: row.siteName,
        deptId: Number(row.deptId),
        deptName: row.deptName ?? '',
        equipment: [],
      };
      places.set(siteId, place);
    }
    place.equipment.push({
      id: Number(row.id),
      keyPair: row.keyPair,
      typeId: Number(row.typeId),
      deposit: Number(row.deposit ?? 0) || 9900,
    });
  }
  return [...places.values()];
}

interface Customer {
  id: number;
  nickName: string;
  phoneNumber: string;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴'];
const ROLES = ['妈妈', '爸爸', '奶奶', '外婆'];

/** Customers with a wallet each: one credited recharge, and a withdrawal for every fifth (paid, rejected or pending). */
async function addCustomers(db: Kysely<Database>, count: number, random: () => number): Promise<Customer[]> {
  const customers: Customer[] = [];
  const rows = {
    customers: [] as Rows<'biz_customer'>,
    wallets: [] as Rows<'biz_wallet'>,
    recharges: [] as Rows<'biz_recharge'>,
    withdrawals: [] as Rows<'biz_withdrawal'>,
    ledger: [] as Rows<'biz_ledger'>,
  };
  const created = formatDateTime(new Date(Date.now() - 200 * DAY_MS));
  for (let i = 0; i < count; i += 1) {
    const id = nextId();
    const walletId = nextId();
    const nickName = `${SURNAMES[i % SURNAMES.length]}${ROLES[Math.floor(i / SURNAMES.length) % ROLES.length]}`;
    const phoneNumber = `139${String(10_000_000 + i).slice(-8)}`;
    customers.push({ id, nickName, phoneNumber });
    rows.customers.push({ id, nickName, phoneNumber, openId: `o-demo-${id}`, createTime: created });
    const recharge = (1 + Math.floor(random() * 10)) * 5000;
    const rechargeId = nextId();
    rows.recharges.push({
      id: rechargeId,
      rechargeNo: `C${rechargeId}`,
      customerId: id,
      walletId,
      amount: recharge,
      transactionId: `4200${rechargeId}`,
      state: 1,
      successTime: created,
      createTime: created,
    });
    rows.ledger.push(entry(walletId, 'recharge', `C${rechargeId}`, recharge, created));
    let person = recharge;
    if (i % 5 === 0) {
      const withdrawalId = nextId();
      const amount = 1000 + Math.floor(random() * (recharge - 1000));
      const state = [1, 2, 0][i % 3];
      const outBatchNo = `W${withdrawalId}`;
      rows.withdrawals.push({
        id: withdrawalId,
        customerId: id,
        walletId,
        amount,
        outBatchNo,
        batchId: state === 1 ? `1030${withdrawalId}` : null,
        state,
        reason: state === 2 ? '账户信息不符' : null,
        createTime: created,
      });
      rows.ledger.push(entry(walletId, 'withdraw_freeze', outBatchNo, -amount, created));
      if (state === 2) rows.ledger.push(entry(walletId, 'withdraw_release', outBatchNo, amount, created));
      else person -= amount;
    }
    rows.wallets.push({
      id: walletId,
      customerId: id,
      amount: person,
      personAmount: person,
      platAmount: 0,
      createTime: created,
    });
  }
  await db.transaction().execute(async (trx) => {
    await insertAll(trx, 'biz_customer', rows.customers);
    await insertAll(trx, 'biz_wallet', rows.wallets);
    await insertAll(trx, 'biz_recharge', rows.recharges);
    await insertAll(trx, 'biz_withdrawal', rows.withdrawals);
    await insertAll(trx, 'biz_ledger', rows.ledger);
  });
  return customers;
}

function entry(account: number, kind: string, bizNo: string, delta: number, createTime: string, orderId?: number) {
  return { id: nextId(), account, kind, bizNo, personDelta: delta, platDelta: 0, orderId: orderId ?? null, createTime };
}

/** One receiver sharing 10% of the fees at the first demo site, so the history holds split records. */
async function splitReceiver(
  db: Kysely<Database>,
  place: Place,
): Promise<{ id: number; name: string; account: string }> {
  const name = `${place.siteName}门店`;
  const account = '1900000001';
  const id = nextId();
  await db
    .insertInto('biz_receiver')
    .values({ id, receiverName: name, receiverType: 1, account, relationType: 1 })
    .execute();
  await db
    .insertInto('biz_setter')
    .values({ id: nextId(), siteId: place.siteId, receiverId: id, ratio: SPLIT_RATIO })
    .execute();
  return { id, name, account };
}

/** Runs the generation with a large page cache on SQLite, and gives the connection its own cache back after. */
async function withLargeCache<T>(db: Kysely<Database>, work: () => Promise<T>): Promise<T> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const { rows } = await sql<{ cacheSize: number }>`pragma cache_size`.execute(db);
  await sql.raw(`pragma cache_size = -${GENERATION_CACHE_KIB}`).execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${Number(rows[0]?.cacheSize ?? -2000)}`).execute(db);
  }
}

export const addDemoOrders = (db: Kysely<Database>, count: number): Promise<number> =>
  withLargeCache(db, () => generate(db, count));

async function generate(db: Kysely<Database>, count: number): Promise<number> {
  const random = sequence(20260301 + count);
  const places = await placesOf(db);
  if (places.length === 0) return 0;
  const customers = await addCustomers(db, Math.min(20_000, Math.max(20, Math.ceil(count / 50))), random);
  const receiver = await splitReceiver(db, places[0]);
  const now = Date.now();
  for (let done = 0; done < count; done += CHUNK) {
    const rows = {
      orders: [] as Rows<'biz_order'>,
      payments: [] as Rows<'biz_pay_sim'>,
      refunds: [] as Rows<'biz_refund'>,
      splits: [] as Rows<'biz_split_record'>,
      ledger: [] as Rows<'biz_ledger'>,
    };
    for (let i = done; i < Math.min(count, done + CHUNK); i += 1) {
      const place = places[Math.floor(random() * places.length)];
      const equ = place.equipment[Math.floor(random() * place.equipment.length)];
      const customer = customers[Math.floor(random() * customers.length)];
      const state = stateOf(random());
      // Running and unpaid orders are today's; the rest spread over 180 days, busier in the afternoon. They come
      // oldest first, as a live system writes them, so the time-ordered indexes grow at their end.
      const recent = state === 0 || state === 1;
      const daysAgo = recent ? random() * 0.2 : 1 + 179 * (1 - (i + random()) / count);
      const start = now - daysAgo * DAY_MS - random() * 8 * 3600_000;
      const id = nextId();
      const outTradeNo = `D${id}`;
      // Every fifth order rents without deposit on a pay-score service order, whose fee is paid only once collected.
      const scored = i % 5 === 4;
      const collected = state === 3 || state === 5 || state === 6;
      const paid = scored ? collected : state !== 0 && state !== 4;
      const transactionId = paid ? `4200${id}` : null;
      const startTime = formatDateTime(new Date(start));
      const minutes = 10 + Math.floor(random() * 300);
      const ended = state !== 0 && state !== 1 && state !== 4;
      const deposit = equ.deposit;
      const fee = ended ? Math.min(feeOf(PLAN, minutes), deposit) : null;
      const endTime = ended ? formatDateTime(new Date(start + minutes * 60_000)) : null;
      let refunded = 0;
      const refund = (prefix: string, amount: number, status: number, reason: string) => {
        rows.refunds.push({
          id: nextId(),
          orderId: id,
          outTradeNo,
          transactionId,
          outRefundNo: `${prefix}${outTradeNo}`,
          refundId: `5030${id}${prefix}`,
          amount,
          reason,
          channel: 'ORIGINAL',
          userReceivedAccount: '招商银行信用卡0403',
          status,
          // 2: the rest of a deposit at finish, 1: a staff refund.
          source: prefix === 'F' ? 2 : 1,
          successTime: status === 1 ? endTime : null,
          createTime: endTime ?? startTime,
        });
        // Every refund not closed counts as paid out: processing, done, and abnormal (the money left the account).
        refunded += amount;
      };
      if (ended && fee !== null) {
        const back = scored ? 0 : deposit - fee;
        const settlement = state === 2 ? 0 : state === 7 ? 3 : 1;
        if (back > 0) refund('F', back, settlement, '订单结束, 退还剩余押金');
        if (paid) rows.ledger.push(entry(0, 'order_fee', outTradeNo, fee, endTime as string, id));
        const staff = state === 6 ? fee : state === 5 ? Math.ceil(fee / 2) : 0;
        if (staff > 0) {
          refund('R', staff, state === 6 ? 1 : 0, '设备故障补偿');
          rows.ledger.push(entry(0, 'refund', `R${outTradeNo}`, -staff, endTime as string, id));
        }
        const share = Math.floor((fee * SPLIT_RATIO) / 10_000);
        if (state === 3 && place === places[0] && share > 0) {
          rows.splits.push({
            id: nextId(),
            outOrderNo: `S${outTradeNo}`,
            orderId: id,
            outTradeNo,
            transactionId: transactionId as string,
            sharingId: `3008${id}`,
            receiverId: receiver.id,
            receiverName: receiver.name,
            account: receiver.account,
            amount: share,
            ratio: SPLIT_RATIO,
            state: 'FINISHED',
            finishTime: endTime,
            createTime: endTime,
          });
          rows.ledger.push(entry(0, 'split', `S${outTradeNo}`, -share, endTime as string));
        }
      }
      const charged = scored ? (fee ?? 0) : deposit;
      if (paid) {
        rows.payments.push({
          id: nextId(),
          kind: 'pay',
          outNo: outTradeNo,
          outTradeNo,
          providerNo: transactionId as string,
          amount: charged,
          state: 'SUCCESS',
          outcome: 'SUCCESS',
          dueTime: startTime,
          notified: 1,
          createTime: startTime,
        });
      }
      // The service order the customer confirmed: done once its fee is collected, otherwise still running.
      if (scored && state !== 0 && state !== 4) {
        const serviceState = collected ? 'DONE' : 'DOING';
        rows.payments.push({
          id: nextId(),
          kind: 'score',
          outNo: outTradeNo,
          outTradeNo,
          providerNo: `1000${id}`,
          amount: deposit,
          state: serviceState,
          outcome: serviceState,
          dueTime: startTime,
          notified: 1,
          createTime: startTime,
        });
      }
      rows.orders.push({
        id,
        outTradeNo,
        transactionId,
        customerId: customer.id,
        nickname: customer.nickName,
        phoneNumber: customer.phoneNumber,
        equId: equ.id,
        keyPair: equ.keyPair,
        siteId: place.siteId,
        siteName: place.siteName,
        deptId: place.deptId,
        deptName: place.deptName,
        typeId: equ.typeId,
        payMode: scored ? 3 : 1,
        ...PLAN,
        amount: deposit,
        totalAmount: paid ? charged : 0,
        actAmount: fee,
        refundedAmount: refunded,
        startTime,
        endTime,
        description: ended ? durationText(minutes) : null,
        state,
        successTime: paid ? (scored ? endTime : startTime) : null,
        tradeStateDesc: scored ? SCORE_DESC[state] : paid ? '支付成功' : state === 4 ? '已关闭' : '未支付',
        createTime: startTime,
      });
    }
    await db.transaction().execute(async (trx) => {
      await insertAll(trx, 'biz_order', rows.orders);
      await insertAll(trx, 'biz_pay_sim', rows.payments);
      await insertAll(trx, 'biz_refund', rows.refunds);
      await insertAll(trx, 'biz_split_record', rows.splits);
      await insertAll(trx, 'biz_ledger', rows.ledger);
    });
  }
  // The history arrives in bulk, so its daily figures are worked out once at the end rather than row by row.
  await rebuildFigures(db);
  return count;
}
