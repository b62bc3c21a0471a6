// Rentals started by the customer app (docs/orders-and-money.md, "The customer app"): `pay/launch` pays a deposit
// through a JSAPI prepay, `pay/payscore` rents without one on a pay-score service order. Either writes the order
// awaiting payment (state 0) with the site's price plan copied onto it; the provider's result starts the rental
// (state 1, equipment out) or cancels it (4). A pay-score order's fee is collected after order/finish: its
// collection completes the order (3) and writes the fee to the ledger then, or leaves it abnormal (7).
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database } from '../../platform/db/schema.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { EQU_IDLE, EQU_IN_USE } from '../../rental/business/equipment.js';
import { PRICE_ACTIVE } from '../../rental/business/price.js';
import { publish } from '../events/money-events.js';
import { paymentProviderOf } from '../payments/index.js';
import {
  type Transaction as Payment,
  PaymentError,
  type PayScoreEvent,
  type ServiceOrder,
} from '../payments/provider.js';
import { yuan } from '../payments/yuan.js';
import { shareOrder } from '../splits/share.js';
import { append, MERCHANT } from '../wallets/ledger.js';
import { moveOrder } from './move.js';
import { PAY_MODE_DEPOSIT, PAY_MODE_SCORE } from './order.js';
import {
  ORDER_ABNORMAL,
  ORDER_AWAITING_PAYMENT,
  ORDER_AWAITING_SETTLEMENT,
  ORDER_CANCELLED,
  ORDER_COMPLETED,
  ORDER_IN_USE,
} from './status.js';

/** The order's payment status (`tradeStateDesc`) as these calls leave it, for staff to read. */
const STATUS = {
  unpaid: '未支付',
  unconfirmed: '待确认',
  paid: '支付成功',
  confirmed: '已确认免押',
  closed: '已关闭',
  expired: '超时关闭',
  cancelled: '用户已取消',
  uncollected: '扣款失败',
  mismatch: '支付金额不符',
};

/** Written into the SQL, so the partial index of unpaid orders (migration 0017_a) serves the lookups. */
const UNPAID = sql.lit(ORDER_AWAITING_PAYMENT);
const UNPAID_ONLY = [ORDER_AWAITING_PAYMENT];

/** An unpaid order holds its equipment this long; then another customer may close it and rent. */
const HOLD_MINUTES = 5;

export interface Launched {
  orderId: string;
  outTradeNo: string;
  /** The deposit, or the risk amount a pay-score order authorises, in cents. */
  amount: number;
  payMode: number;
  /** JSAPI prepay id (deposit) or the pay-score confirmation `package`. */
  package: string;
}

export const lockEquipment = async (ctx: AppContext, trx: Transaction<Database>, equId: number) => {
  let query = trx.selectFrom('biz_equ').select(['id', 'equState']).where('id', '=', equId).where('isDeleted', '=', 0);
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
};

/** What renting this equipment costs now: its site, department, and the site's active price plan for its type. */
export async function offerOf(ctx: AppContext, equId: number) {
  const equ = await ctx.db
    .selectFrom('biz_equ')
    .innerJoin('biz_site', 'biz_site.id', 'biz_equ.siteId')
    .innerJoin('biz_type', 'biz_type.id', 'biz_equ.typeId')
    .leftJoin('blade_dept', 'blade_dept.id', 'biz_site.deptId')
    .select([
      'biz_equ.keyPair',
      'biz_equ.batch',
      'biz_equ.siteId',
      'biz_equ.typeId',
      'biz_equ.priceId',
      'biz_site.siteName',
      'biz_site.deptId',
      'blade_dept.deptName',
      'biz_type.deposit as typeDeposit',
    ])
    .where('biz_equ.id', '=', equId)
    .where('biz_equ.isDeleted', '=', 0)
    .where('biz_site.isDeleted', '=', 0)
    .executeTakeFirst();
  if (!equ) throw notFound('设备不存在');
  // The device's own plan (设置价格方案) while it exists, else the site's active plan for the device's type.
  const plans = ctx.db
    .selectFrom('biz_price')
    .selectAll()
    .where('siteId', '=', equ.siteId)
    .where('typeId', '=', equ.typeId)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.or([eb('effectiveFrom', 'is', null), eb('effectiveFrom', '<=', now())]));
  const own = equ.priceId === null ? undefined : await plans.where('id', '=', Number(equ.priceId)).executeTakeFirst();
  const plan = own ?? (await plans.where('priceState', '=', PRICE_ACTIVE).executeTakeFirst());
  if (!plan) throw badRequest('该设备暂无可用的价格方案');
  const deposit = Number(plan.deposit) > 0 ? Number(plan.deposit) : Number(equ.typeDeposit);
  if (deposit <= 0) throw badRequest('该设备未设置押金, 不能租借');
  return { equ, plan, deposit };
}

/**
 * A new rental order: who, what and where copied onto it, and the site's price plan in force, so the record keeps
 * what happened and a later price change does not reach it.
 */
export function newOrder(
  { equ, plan, deposit }: Awaited<ReturnType<typeof offerOf>>,
  customer: { nickName: string | null; phoneNumber: string | null },
  order: { id: number; outTradeNo: string; customerId: number; equId: number; payMode: number },
) {
  return {
    ...order,
    nickname: customer.nickName,
    phoneNumber: customer.phoneNumber,
    keyPair: equ.keyPair,
    batch: equ.batch,
    siteId: equ.siteId,
    siteName: equ.siteName,
    deptId: equ.deptId,
    deptName: equ.deptName,
    typeId: equ.typeId,
    freeMinutes: Number(plan.freeMinutes),
    firstMinutes: plan.firstMinutes,
    firstPrice: Number(plan.firstPrice),
    unitMinutes: plan.unitMinutes,
    unitPrice: Number(plan.unitPrice),
    dailyCap: plan.dailyCap === null ? null : Number(plan.dailyCap),
    amount: deposit,
    createTime: now(),
  };
}

/** Closes another customer's unpaid order that held the equipment too long; a payment already made keeps it. */
export async function releaseStaleHolds(ctx: AppContext, equId: number, customerId: number): Promise<void> {
  const waiting = await ctx.db
    .selectFrom('biz_order')
    .select(['id', 'outTradeNo', 'payMode', 'customerId', 'createTime'])
    .where('equId', '=', equId)
    .where('state', '=', UNPAID)
    .execute();
  const before = formatDateTime(new Date(Date.now() - HOLD_MINUTES * 60_000));
  const stale = waiting.filter((order) => Number(order.customerId) !== customerId && String(order.createTime) < before);
  const provider = paymentProviderOf(ctx);
  for (const order of stale) {
    try {
      if (Number(order.payMode) === PAY_MODE_SCORE) await provider.cancelServiceOrder(order.outTradeNo, '超时未确认');
      else await provider.close(order.outTradeNo);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      // Paid or confirmed meanwhile: its notification starts that rental.
      if (error.code !== 'ORDERNOTEXIST' && error.code !== 'ORDER_NOT_EXIST') continue;
    }
    await cancelUnpaid(ctx, order.outTradeNo, STATUS.expired);
  }
}

async function cancelUnpaid(ctx: AppContext, outTradeNo: string, why: string): Promise<void> {
  await moveOrder(ctx.db, { outTradeNo }, { from: UNPAID_ONLY, to: ORDER_CANCELLED, set: { tradeStateDesc: why } });
}

/**
 * pay/launch (a deposit) and pay/payscore (no deposit): the order awaiting payment, and what the app opens to pay
 * or confirm. Asking again for the same equipment before paying answers the same order.
 */
export async function launchRental(
  ctx: AppContext,
  customerId: number,
  equId: number,
  payMode: typeof PAY_MODE_DEPOSIT | typeof PAY_MODE_SCORE,
): Promise<Launched> {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select(['openId', 'nickName', 'phoneNumber'])
    .where('id', '=', customerId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!customer) throw notFound('客户不存在');
  const offer = await offerOf(ctx, equId);
  const { equ, deposit } = offer;
  await releaseStaleHolds(ctx, equId, customerId);
  const order = await ctx.db.transaction().execute(async (trx) => {
    const held = await lockEquipment(ctx, trx, equId);
    if (!held) throw notFound('设备不存在');
    const waiting = await trx
      .selectFrom('biz_order')
      .select(['id', 'outTradeNo', 'customerId', 'payMode', 'amount'])
      .where('equId', '=', equId)
      .where('state', '=', UNPAID)
      .execute();
    const own = waiting.find((row) => Number(row.customerId) === customerId && Number(row.payMode) === payMode);
    if (own) return { id: own.id, outTradeNo: own.outTradeNo, amount: Number(own.amount) };
    if (Number(held.equState) === EQU_IN_USE) throw badRequest('设备使用中, 请换一台');
    if (Number(held.equState) !== EQU_IDLE) throw badRequest('设备暂不可用, 请换一台');
    if (waiting.length > 0) throw badRequest('设备正被其他用户租借, 请换一台');
    const id = nextId();
    const outTradeNo = `O${id}`;
    await trx
      .insertInto('biz_order')
      .values({
        ...newOrder(offer, customer, { id, outTradeNo, customerId, equId, payMode }),
        state: ORDER_AWAITING_PAYMENT,
        tradeStateDesc: payMode === PAY_MODE_SCORE ? STATUS.unconfirmed : STATUS.unpaid,
      })
      .execute();
    await publish(trx, { kind: 'order_created', orderId: id });
    if (payMode === PAY_MODE_DEPOSIT) {
      await trx
        .insertInto('biz_payment')
        .values({
          id: nextId(),
          outTradeNo,
          purpose: 'order',
          refId: id,
          customerId,
          amount: deposit,
          tradeState: 'NOTPAY',
          createTime: now(),
        })
        .execute();
    }
    return { id, outTradeNo, amount: deposit };
  });
  const launched = { orderId: String(order.id), outTradeNo: order.outTradeNo, amount: order.amount, payMode };
  const provider = paymentProviderOf(ctx);
  if (payMode === PAY_MODE_DEPOSIT) {
    const { prepayId } = await provider.prepay({
      outTradeNo: order.outTradeNo,
      total: order.amount,
      description: `${equ.siteName} ${equ.keyPair} 押金`,
      payerOpenId: customer.openId,
    });
    await ctx.db.updateTable('biz_payment').set({ prepayId }).where('outTradeNo', '=', order.outTradeNo).execute();
    // What the mini-program hands to wx.requestPayment (package = prepay_id=…, signed by the provider's rules).
    return { ...launched, ...provider.payParams(prepayId) };
  }
  try {
    const serviceOrder = await provider.createServiceOrder({
      outOrderNo: order.outTradeNo,
      serviceIntroduction: `${equ.siteName} 免押租借`,
      riskAmount: order.amount,
      openId: customer.openId,
    });
    return { ...launched, package: serviceOrder.package };
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    // Refused by the customer's credit: the attempt stays on record, cancelled, and the app offers the deposit.
    await cancelUnpaid(ctx, order.outTradeNo, error.message);
    throw badRequest(error.message);
  }
}

/** Starts the rental: the order in use from now, the equipment out. */
async function startRental(
  trx: Transaction<Database>,
  outTradeNo: string,
  payMode: number,
  paid: { transactionId: string; total: number } | null,
): Promise<void> {
  const at = now();
  const started = await moveOrder(
    trx,
    { outTradeNo, payMode },
    {
      from: UNPAID_ONLY,
      to: ORDER_IN_USE,
      set: {
        startTime: at,
        tradeStateDesc: paid ? STATUS.paid : STATUS.confirmed,
        ...(paid ? { transactionId: paid.transactionId, totalAmount: paid.total, successTime: at } : {}),
      },
    },
  );
  if (!started) return;
  await publish(trx, { kind: 'rental_started', orderId: started.id });
  await trx
    .updateTable('biz_equ')
    .set({ equState: EQU_IN_USE, updateTime: at })
    .where('id', '=', started.equId)
    .where('equState', '=', EQU_IDLE)
    .execute();
}

/**
 * A deposit payment's final result: the rental starts once when paid the deposit asked, the order is cancelled when
 * closed. A payment of another amount starts nothing: the order is abnormal for staff (支付金额不符), with the
 * provider's payment number and what the customer really paid on it, held by the merchant (`mismatch_pay`) until
 * staff refund it from the console.
 */
export async function applyRentalPayment(ctx: AppContext, payment: Payment): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('biz_order')
      .select(['id', 'state', 'amount'])
      .where('outTradeNo', '=', payment.outTradeNo)
      .where('payMode', '=', PAY_MODE_DEPOSIT)
      .executeTakeFirst();
    if (!order || Number(order.state) !== ORDER_AWAITING_PAYMENT) return;
    const succeeded = payment.tradeState === 'SUCCESS';
    await trx
      .updateTable('biz_payment')
      .set({
        tradeState: payment.tradeState,
        transactionId: payment.transactionId,
        successTime: succeeded ? now() : null,
        updateTime: now(),
      })
      .where('outTradeNo', '=', payment.outTradeNo)
      .execute();
    if (succeeded && payment.total === Number(order.amount)) {
      await startRental(trx, payment.outTradeNo, PAY_MODE_DEPOSIT, payment);
      return;
    }
    const key = { id: order.id };
    if (succeeded) {
      // No start time: it was never rented, so the figures count no rental for it.
      const set = {
        tradeStateDesc: mismatch(payment.total, Number(order.amount)),
        transactionId: payment.transactionId,
        totalAmount: payment.total,
        successTime: now(),
      };
      if (!(await moveOrder(trx, key, { from: UNPAID_ONLY, to: ORDER_ABNORMAL, set }))) return;
      await append(trx, {
        account: MERCHANT,
        kind: 'mismatch_pay',
        bizNo: payment.outTradeNo,
        personDelta: payment.total,
        orderId: order.id,
      });
      return;
    }
    await moveOrder(trx, key, { from: UNPAID_ONLY, to: ORDER_CANCELLED, set: { tradeStateDesc: STATUS.closed } });
  });
}

/** What staff read on an order whose payment or collection was not the amount asked. */
const mismatch = (paid: number, asked: number) => `${STATUS.mismatch} (实付 ${yuan(paid)}, 应付 ${yuan(asked)})`;

/** A pay-score result: confirmation starts the rental, cancellation ends it, the collection settles the fee. */
export async function applyServiceOrder(
  ctx: AppContext,
  event: { eventType: PayScoreEvent; serviceOrder: ServiceOrder },
): Promise<void> {
  const { outOrderNo } = event.serviceOrder;
  if (event.eventType === 'PAYSCORE.USER_CONFIRM') {
    await ctx.db.transaction().execute((trx) => startRental(trx, outOrderNo, PAY_MODE_SCORE, null));
    return;
  }
  if (event.eventType === 'PAYSCORE.USER_CANCEL') return cancelUnpaid(ctx, outOrderNo, STATUS.cancelled);
  if (event.eventType === 'PAYSCORE.PAY_FAILED') return collectionFailed(ctx, outOrderNo);
  const collected = await ctx.db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('biz_order')
      .select(['id', 'state', 'actAmount'])
      .where('outTradeNo', '=', outOrderNo)
      .where('payMode', '=', PAY_MODE_SCORE)
      .executeTakeFirst();
    if (!order) return null;
    const total = event.serviceOrder.totalAmount;
    const { transactionId } = event.serviceOrder;
    const from = [ORDER_AWAITING_SETTLEMENT, ORDER_ABNORMAL];
    // A collection of another amount than the fee finish asked for is no fee: staff take it up. What was collected
    // is recorded and held, as a deposit payment of another amount, so that staff can refund it.
    if (total !== Number(order.actAmount ?? 0)) {
      const set = {
        tradeStateDesc: mismatch(total, Number(order.actAmount ?? 0)),
        transactionId,
        totalAmount: total,
        successTime: now(),
      };
      const moved = await moveOrder(trx, { id: order.id }, { from, to: ORDER_ABNORMAL, set, totalAmount: 0 });
      if (moved && total > 0) {
        await append(trx, {
          account: MERCHANT,
          kind: 'mismatch_pay',
          bizNo: outOrderNo,
          personDelta: total,
          orderId: order.id,
        });
      }
      return null;
    }
    const claimed = await moveOrder(
      trx,
      { id: order.id },
      {
        from,
        to: ORDER_COMPLETED,
        set: { totalAmount: total, transactionId, successTime: now(), tradeStateDesc: STATUS.paid },
        totalAmount: 0,
      },
    );
    if (!claimed) return null;
    // The fee becomes the business's money only now that it is collected.
    await append(trx, {
      account: MERCHANT,
      kind: 'order_fee',
      bizNo: outOrderNo,
      personDelta: total,
      orderId: order.id,
    });
    return total > 0 ? order.id : null;
  });
  if (collected !== null) await shareOrder(ctx, collected);
}

/** The fee could not be collected: the order is abnormal for staff, who take it up with the customer. */
export async function collectionFailed(ctx: AppContext, outTradeNo: string): Promise<void> {
  await moveOrder(
    ctx.db,
    { outTradeNo, payMode: PAY_MODE_SCORE },
    { from: [ORDER_AWAITING_SETTLEMENT], to: ORDER_ABNORMAL, set: { tradeStateDesc: STATUS.uncollected } },
  );
}
