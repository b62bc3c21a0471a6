// Renting on the wallet balance (`payMode` 2, docs/orders-and-money.md "Renting on the wallet"): pay/launch freezes
// the plan's deposit out of the wallet — the customer's own money first, then the bonus — and starts the rental at
// once, without the payment provider. Finishing keeps the fee (taken from the frozen own money first) and releases
// the rest, each part back as what it was; a refund of the fee goes back to the wallet, the bonus part first.
import type { Selectable, Transaction } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database, OrderTable } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { badRequest, notFound } from '../../platform/http/envelope.js';
import { EQU_IDLE, EQU_IN_USE } from '../../rental/business/equipment.js';
import { publish } from '../events/money-events.js';
import { yuan } from '../payments/yuan.js';
import { movedFor, moveWallet } from '../wallets/spend.js';
import { lockEquipment, newOrder, offerOf, releaseStaleHolds } from './app-rental.js';
import { PAY_MODE_WALLET } from './order.js';
import { ORDER_AWAITING_PAYMENT, ORDER_IN_USE } from './status.js';

export interface WalletLaunched {
  orderId: string;
  outTradeNo: string;
  /** The deposit frozen out of the wallet, in cents. */
  amount: number;
  payMode: number;
}

async function walletOf(ctx: AppContext, trx: Transaction<Database>, customerId: number) {
  let query = trx
    .selectFrom('biz_wallet')
    .select(['id', 'personAmount', 'platAmount'])
    .where('customerId', '=', customerId)
    .where('isDeleted', '=', 0);
  if (ctx.dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** pay/launch with payMode 2: in one transaction the deposit frozen, the order in use and the equipment out. */
export async function launchWalletRental(ctx: AppContext, customerId: number, equId: number): Promise<WalletLaunched> {
  const customer = await ctx.db
    .selectFrom('biz_customer')
    .select(['nickName', 'phoneNumber'])
    .where('id', '=', customerId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!customer) throw notFound('客户不存在');
  const offer = await offerOf(ctx, equId);
  const { deposit } = offer;
  await releaseStaleHolds(ctx, equId, customerId);
  return ctx.db.transaction().execute(async (trx) => {
    const held = await lockEquipment(ctx, trx, equId);
    if (!held) throw notFound('设备不存在');
    if (Number(held.equState) === EQU_IN_USE) throw badRequest('设备使用中, 请换一台');
    if (Number(held.equState) !== EQU_IDLE) throw badRequest('设备暂不可用, 请换一台');
    const waiting = await trx
      .selectFrom('biz_order')
      .select('id')
      .where('equId', '=', equId)
      .where('state', '=', ORDER_AWAITING_PAYMENT)
      .executeTakeFirst();
    if (waiting) throw badRequest('设备正被其他用户租借, 请换一台');
    const short = badRequest(`钱包余额不足, 请先充值 (需 ${yuan(deposit)})`);
    const wallet = await walletOf(ctx, trx, customerId);
    if (!wallet) throw short;
    const person = Math.min(Number(wallet.personAmount), deposit);
    const id = nextId();
    const outTradeNo = `O${id}`;
    const at = now();
    await trx
      .insertInto('biz_order')
      .values({
        ...newOrder(offer, customer, { id, outTradeNo, customerId, equId, payMode: PAY_MODE_WALLET }),
        state: ORDER_IN_USE,
        startTime: at,
        totalAmount: deposit,
        successTime: at,
        tradeStateDesc: '余额支付',
      })
      .execute();
    const frozen = await moveWallet(trx, {
      account: wallet.id,
      kind: 'rent_pay',
      bizNo: outTradeNo,
      personDelta: -person,
      platDelta: -(deposit - person),
      orderId: id,
    });
    // Another rental took the money meanwhile: the whole transaction, order included, is undone.
    if (!frozen) throw short;
    await publish(trx, { kind: 'order_created', orderId: id });
    await publish(trx, { kind: 'rental_started', orderId: id });
    await trx.updateTable('biz_equ').set({ equState: EQU_IN_USE, updateTime: at }).where('id', '=', equId).execute();
    return { orderId: String(id), outTradeNo, amount: deposit, payMode: PAY_MODE_WALLET };
  });
}

async function walletIdOf(trx: Transaction<Database>, customerId: number): Promise<number> {
  const wallet = await trx
    .selectFrom('biz_wallet')
    .select('id')
    .where('customerId', '=', customerId)
    .executeTakeFirstOrThrow();
  return wallet.id;
}

/** What of the fee came from each part: the customer's own frozen money first, then the frozen bonus. */
async function feeParts(trx: Transaction<Database>, wallet: number, order: Selectable<OrderTable>, fee: number) {
  const frozen = await movedFor(trx, wallet, order.id, ['rent_pay']);
  const person = Math.min(-frozen.person, fee);
  return { frozen: { person: -frozen.person, plat: -frozen.plat }, person, plat: fee - person };
}

/** At finish: everything frozen beyond the fee goes back to the wallet, each part as what it was. */
export async function releaseWalletRest(
  trx: Transaction<Database>,
  order: Selectable<OrderTable>,
  fee: number,
): Promise<void> {
  const wallet = await walletIdOf(trx, Number(order.customerId));
  const parts = await feeParts(trx, wallet, order, fee);
  const person = parts.frozen.person - parts.person;
  const plat = parts.frozen.plat - parts.plat;
  if (person === 0 && plat === 0) return;
  await moveWallet(trx, {
    account: wallet,
    kind: 'rent_release',
    bizNo: order.outTradeNo,
    personDelta: person,
    platDelta: plat,
    orderId: order.id,
  });
}

/**
 * A refund of a wallet order's fee, back to the wallet: the bonus the fee took first (it was spent last), then the
 * customer's own money, never more of either than the fee took less what earlier refunds gave back.
 */
export async function refundToWallet(
  trx: Transaction<Database>,
  order: Selectable<OrderTable>,
  amount: number,
  outRefundNo: string,
): Promise<void> {
  const wallet = await walletIdOf(trx, Number(order.customerId));
  const parts = await feeParts(trx, wallet, order, Number(order.actAmount));
  const back = await movedFor(trx, wallet, order.id, ['refund']);
  const plat = Math.min(amount, parts.plat - back.plat);
  await moveWallet(trx, {
    account: wallet,
    kind: 'refund',
    bizNo: outRefundNo,
    personDelta: amount - plat,
    platDelta: plat,
    orderId: order.id,
  });
}
