// The demo history's rental orders at the demo sites, in every state, with what the money did around them — the
// deposit payments and pay-score service orders the sandbox knows, rentals paid from the wallet, the deposit refunds
// at finish (some abnormal), staff refunds, split records, and the merchant and wallet ledger entries that make
// reconcile find no difference. Each device 使用中 gets its one running order, and no other device has one; the rest
// of the history spreads over the days asked, oldest first, as a live system writes it (docs/orders-and-money.md).
import { type Kysely, SqliteAdapter, sql } from 'kysely';
import { durationText, feeOf, type PricePlan } from '../money/orders/fee.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE, PAY_MODE_WALLET } from '../money/orders/order.js';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { formatDateTime } from '../platform/db/time.js';
import { EQU_IN_USE } from '../rental/business/equipment.js';
import type { DemoCustomer } from './demo-customers.js';
import { addDemoOperation } from './demo-operation.js';
import { DAY_MS, type Db, entry, insertAll, inTransaction, type Rows } from './demo-rows.js';

/** Orders written per transaction. */
const CHUNK = 20_000;
const ORDER_IN_USE = 1;
/** Used where a site has no price plan for a type. */
const PLAN: PricePlan = {
  freeMinutes: 5,
  firstMinutes: 60,
  firstPrice: 1000,
  unitMinutes: 30,
  unitPrice: 500,
  dailyCap: 5000,
};
/** A pay-score order's payment status by order state, as the customer app's calls leave it. */
const SCORE_DESC = ['待确认', '已确认免押', '已确认免押', '支付成功', '用户已取消', '支付成功', '支付成功', '扣款失败'];

/**
 * 84.5 % completed, 6 % refunded, 4 % abnormal, 4.5 % cancelled; awaiting payment, settling and refunding (each a
 * matter of minutes, so only the last hours') a few tenths of a percent each.
 */
function stateOf(roll: number): number {
  const bands: Array<[number, number]> = [
    [0.845, 3],
    [0.905, 6],
    [0.945, 7],
    [0.99, 4],
    [0.993, 0],
    [0.996, 2],
  ];
  return bands.find(([upTo]) => roll < upTo)?.[1] ?? 5;
}

export interface Equipment {
  id: number;
  keyPair: string;
  typeId: number;
  deposit: number;
  plan: PricePlan;
  /** A companion bed rents for the night, a ride-on for minutes. */
  minutes: [number, number];
  inUse: boolean;
}

export interface Place {
  siteId: number;
  siteName: string;
  deptId: number;
  deptName: string;
  equipment: Equipment[];
}

export interface SplitReceiver {
  id: number;
  name: string;
  account: string;
  ratio: number;
}

function minutesOf(typeName: string): [number, number] {
  if (typeName.includes('陪护床')) return [480, 720];
  if (typeName.includes('电动车')) return [10, 50];
  return [15, 240];
}

/** The demo sites with their equipment and price plans; adds the demo operation first when there is none. */
export async function placesOf(db: Db): Promise<Place[]> {
  if (!(await db.selectFrom('biz_site').select('id').where('isDeleted', '=', 0).executeTakeFirst())) {
    await addDemoOperation(db as Kysely<Database>);
  }
  const equipment = await db
    .selectFrom('biz_equ')
    .innerJoin('biz_site', 'biz_site.id', 'biz_equ.siteId')
    .innerJoin('biz_type', 'biz_type.id', 'biz_equ.typeId')
    .leftJoin('blade_dept', 'blade_dept.id', 'biz_site.deptId')
    .leftJoin('biz_price', (join) =>
      join
        .onRef('biz_price.siteId', '=', 'biz_equ.siteId')
        .onRef('biz_price.typeId', '=', 'biz_equ.typeId')
        .on('biz_price.isDeleted', '=', 0)
        .on('biz_price.priceState', '=', 1),
    )
    .select([
      'biz_equ.id',
      'biz_equ.keyPair',
      'biz_equ.typeId',
      'biz_equ.equState',
      'biz_type.typeName',
      'biz_type.deposit',
      'biz_price.freeMinutes',
      'biz_price.firstMinutes',
      'biz_price.firstPrice',
      'biz_price.unitMinutes',
      'biz_price.unitPrice',
      'biz_price.dailyCap',
      'biz_site.id as siteId',
      'biz_site.siteName',
      'biz_site.deptId',
      'blade_dept.deptName',
    ])
    .where('biz_equ.isDeleted', '=', 0)
    .where('biz_site.isDeleted', '=', 0)
    .orderBy('biz_equ.id')
    .execute();
  const places = new Map<number, Place>();
  const seen = new Set<number>();
  for (const row of equipment) {
    // A second plan for the same site and type would list the equipment twice.
    if (seen.has(Number(row.id))) continue;
    seen.add(Number(row.id));
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
    const plan: PricePlan =
      row.firstMinutes === null
        ? PLAN
        : {
            freeMinutes: Number(row.freeMinutes),
            firstMinutes: Number(row.firstMinutes),
            firstPrice: Number(row.firstPrice),
            unitMinutes: Number(row.unitMinutes),
            unitPrice: Number(row.unitPrice),
            dailyCap: row.dailyCap === null ? null : Number(row.dailyCap),
          };
    place.equipment.push({
      id: Number(row.id),
      keyPair: row.keyPair,
      typeId: Number(row.typeId),
      deposit: Number(row.deposit ?? 0) || 9900,
      plan,
      minutes: minutesOf(row.typeName),
      inUse: Number(row.equState) === EQU_IN_USE,
    });
  }
  return [...places.values()];
}

/** In-use devices without their running order yet (a second run of the generator adds none). */
async function idleRunners(db: Db, places: Place[]): Promise<Array<{ place: Place; equ: Equipment }>> {
  const running = await db
    .selectFrom('biz_order')
    .select('equId')
    .where('state', '=', ORDER_IN_USE)
    .where('isDeleted', '=', 0)
    .execute();
  const taken = new Set(running.map((row) => Number(row.equId)));
  return places.flatMap((place) =>
    place.equipment.filter((equ) => equ.inUse && !taken.has(equ.id)).map((equ) => ({ place, equ })),
  );
}

/** Runs the generation with a large page cache on SQLite when it is large, and gives the connection its own back. */
export async function withLargeCache<T>(db: Db, large: boolean, work: () => Promise<T>): Promise<T> {
  // Orders arrive in random time, site and state order, so every index but the primary key takes inserts all over
  // it; within the default 2 MB cache each insert evicts a page written moments before.
  if (!large || !(db.getExecutor().adapter instanceof SqliteAdapter)) return work();
  const { rows } = await sql<{ cacheSize: number }>`pragma cache_size`.execute(db);
  await sql.raw('pragma cache_size = -262144').execute(db);
  try {
    return await work();
  } finally {
    await sql.raw(`pragma cache_size = ${Number(rows[0]?.cacheSize ?? -2000)}`).execute(db);
  }
}

export interface OrderPlan {
  count: number;
  days: number;
  places: Place[];
  customers: DemoCustomer[];
  receiver: SplitReceiver;
  random: () => number;
}

/** Writes `count` orders (the running ones first); answers how many. */
export async function writeOrders(db: Db, plan: OrderPlan): Promise<number> {
  const { count, days, places, customers, receiver, random } = plan;
  const runners = (await idleRunners(db, places)).slice(0, count);
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
      const runner = runners[i];
      const place = runner?.place ?? places[Math.floor(random() * places.length)];
      const equ = runner?.equ ?? place.equipment[Math.floor(random() * place.equipment.length)];
      const customer = customers[Math.floor(random() * customers.length)];
      const state = runner ? ORDER_IN_USE : stateOf(random());
      const [shortest, longest] = equ.minutes;
      const minutes = shortest + Math.floor(random() * (longest - shortest));
      const ended = state !== 0 && state !== 1 && state !== 4;
      // A running rental began within its usual length; unpaid, settling and refunding orders are the last hours'
      // (they resolve within minutes); the rest spread over the days asked, oldest first, busier in the afternoon,
      // and ended before now.
      let start: number;
      if (runner) start = now - random() * minutes * 60_000;
      else if (state === 0 || state === 2 || state === 5) start = now - (minutes + 5 + random() * 240) * 60_000;
      else start = now - days * DAY_MS * (1 - (i + random()) / count) - random() * 8 * 3600_000;
      if (ended) start = Math.min(start, now - (minutes + 1) * 60_000);
      const id = nextId();
      const outTradeNo = `D${id}`;
      // Every fifth order rents without deposit on a pay-score service order, whose fee is paid only once collected;
      // a customer whose wallet holds the deposit rents on it for every seventh completed or refunded one.
      const scored = i % 5 === 4;
      const onWallet = !scored && i % 7 === 3 && (state === 3 || state === 6) && customer.budget >= equ.deposit;
      const collected = state === 3 || state === 5 || state === 6;
      const paid = scored ? collected : state !== 0 && state !== 4;
      const transactionId = paid && !onWallet ? `4200${id}` : null;
      const startTime = formatDateTime(new Date(start));
      const deposit = equ.deposit;
      const fee = ended ? Math.min(feeOf(equ.plan, minutes), deposit) : null;
      const endTime = ended ? formatDateTime(new Date(start + minutes * 60_000)) : null;
      customer.firstSeen = Math.min(customer.firstSeen ?? start, start);
      let refunded = 0;
      let refundState: number | null = null;
      const refund = (prefix: string, amount: number, status: number, reason: string) => {
        rows.refunds.push({
          id: nextId(),
          orderId: id,
          outTradeNo,
          transactionId,
          outRefundNo: `${prefix}${outTradeNo}`,
          refundId: onWallet ? null : `5030${id}${prefix}`,
          amount,
          reason,
          channel: onWallet ? 'BALANCE' : 'ORIGINAL',
          userReceivedAccount: onWallet ? '钱包余额' : '招商银行信用卡0403',
          status,
          // 2: the rest of a deposit at finish, 1: a staff refund.
          source: prefix === 'F' ? 2 : 1,
          successTime: status === 1 ? endTime : null,
          phoneNumber: customer.phoneNumber,
          resolution: status === 3 ? 0 : null,
          createTime: endTime ?? startTime,
        });
        // A refund processing or done counts as paid out; an abnormal one reached nobody (a frozen card), waits for
        // staff to resolve it, and the merchant's ledger takes it back.
        if (status === 3) {
          rows.ledger.push(entry(0, 'refund_back', `${prefix}${outTradeNo}`, amount, endTime as string, id));
          refundState = 3;
        } else {
          refunded += amount;
          if (refundState !== 3) refundState = status === 0 ? 0 : (refundState ?? 1);
        }
        // A refund still processing is with the provider: the sandbox decides it a few minutes after the first start.
        if (status === 0 && !onWallet) {
          rows.payments.push({
            id: nextId(),
            kind: 'refund',
            outNo: `${prefix}${outTradeNo}`,
            outTradeNo,
            providerNo: `5030${id}${prefix}`,
            amount,
            state: 'PROCESSING',
            outcome: 'SUCCESS',
            dueTime: formatDateTime(new Date(now + (2 + random() * 8) * 60_000)),
            notified: 0,
            createTime: endTime ?? startTime,
          });
        }
      };
      if (onWallet) {
        customer.budget -= deposit;
        rows.ledger.push(entry(customer.walletId, 'rent_pay', outTradeNo, -deposit, startTime, id));
      }
      if (ended && fee !== null) {
        const back = scored ? 0 : deposit - fee;
        const settlement = state === 2 ? 0 : state === 7 ? 3 : 1;
        if (onWallet) {
          // The rest of a wallet rental's deposit goes back to the wallet at finish, with no refund of its own.
          if (back > 0)
            rows.ledger.push(entry(customer.walletId, 'rent_release', outTradeNo, back, endTime as string, id));
          refunded += back;
          customer.spent += fee;
        } else if (back > 0) refund('F', back, settlement, '订单结束, 退还剩余押金');
        if (paid) rows.ledger.push(entry(0, 'order_fee', outTradeNo, fee, endTime as string, id));
        const staff = state === 6 ? fee : state === 5 ? Math.ceil(fee / 2) : 0;
        if (staff > 0) {
          refund('R', staff, state === 6 ? 1 : 0, '设备故障补偿');
          rows.ledger.push(entry(0, 'refund', `R${outTradeNo}`, -staff, endTime as string, id));
          if (onWallet) {
            rows.ledger.push(entry(customer.walletId, 'refund', `R${outTradeNo}`, staff, endTime as string, id));
            customer.spent -= staff;
          }
        }
        const share = Math.floor((fee * receiver.ratio) / 10_000);
        if (state === 3 && transactionId && place === places[0] && share > 0) {
          rows.splits.push({
            id: nextId(),
            outOrderNo: `S${outTradeNo}`,
            orderId: id,
            outTradeNo,
            transactionId,
            sharingId: `3008${id}`,
            receiverId: receiver.id,
            receiverName: receiver.name,
            account: receiver.account,
            amount: share,
            ratio: receiver.ratio,
            state: 'FINISHED',
            finishTime: endTime,
            createTime: endTime,
          });
          rows.ledger.push(entry(0, 'split', `S${outTradeNo}`, -share, endTime as string));
        }
      }
      const charged = scored ? (fee ?? 0) : deposit;
      if (paid && !onWallet) {
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
        payMode: scored ? PAY_MODE_SCORE : onWallet ? PAY_MODE_WALLET : PAY_MODE_DEPOSIT,
        ...equ.plan,
        amount: deposit,
        totalAmount: paid ? charged : 0,
        actAmount: fee,
        refundedAmount: refunded,
        refundState,
        startTime,
        endTime,
        description: ended ? durationText(minutes) : null,
        state,
        successTime: paid ? (scored ? endTime : startTime) : null,
        tradeStateDesc: onWallet
          ? '余额支付'
          : scored
            ? SCORE_DESC[state]
            : paid
              ? '支付成功'
              : state === 4
                ? '已关闭'
                : '未支付',
        createTime: startTime,
      });
    }
    await inTransaction(db, async (trx) => {
      await insertAll(trx, 'biz_order', rows.orders);
      await insertAll(trx, 'biz_pay_sim', rows.payments);
      await insertAll(trx, 'biz_refund', rows.refunds);
      await insertAll(trx, 'biz_split_record', rows.splits);
      await insertAll(trx, 'biz_ledger', rows.ledger);
    });
  }
  return count;
}
