// The default payment provider: a sandbox that keeps what WeChat Pay would know in our database (biz_pay_sim) and
// behaves like it. Requests answer at once with the service's immediate answer; final results come later as signed
// notifications (dueNotifications, sendAttempt; deliverDue for tests). Outcomes are steered by an amount's last two digits of cents, so tests and demo data
// choose one by choosing an amount (docs/orders-and-money.md).
import crypto from 'node:crypto';
import { type Transaction as DbTransaction, sql } from 'kysely';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import type { Database, PaySimTable } from '../../platform/db/schema.js';
import { formatDateTime, now } from '../../platform/db/time.js';
import { type WorkPiece, withWork } from '../../platform/work/claims.js';
import type { BillKind } from './bill-file.js';
import { spendNonce } from './nonces.js';
import {
  type NotificationEvent,
  PaymentError,
  type PaymentProvider,
  type PayParams,
  type PayScoreEvent,
  type PrepayRequest,
  type Refund,
  type RefundRequest,
  type RefundState,
  type ServiceOrder,
  type ServiceOrderRequest,
  type ServiceOrderState,
  type SharingOrder,
  type SharingRequest,
  type SharingState,
  type SignedNotification,
  type TradeState,
  type Transaction,
  type TransferBatch,
  type TransferBill,
  type TransferBillRequest,
  type TransferBillState,
  type TransferRequest,
  type TransferState,
} from './provider.js';
import { type BillMerchant, sandboxBill } from './sandbox-bills.js';
import { readEvent } from './wire-event.js';

/** Cents endings that choose an outcome. */
export const REFUND_ABNORMAL_CENTS = 13;
export const REFUND_CLOSED_CENTS = 14;
export const PAYMENT_UNPAID_CENTS = 15;
export const SHARING_CLOSED_CENTS = 16;
/** Pay-score: a risk amount ending in 17 is refused (credit too low), 18 is cancelled by the customer. */
export const SCORE_REFUSED_CENTS = 17;
export const SCORE_CANCELLED_CENTS = 18;
/** Pay-score: a completion fee ending in 19 is not collected (the customer's payment fails). */
export const SCORE_UNPAID_CENTS = 19;
/** A transfer bill ending in 20 cents is never confirmed by the customer: WeChat Pay cancels it. */
export const BILL_UNCONFIRMED_CENTS = 20;
/** WeChat Pay asks for the payee's real name from 2,000 yuan on. */
export const BILL_NAME_FROM_CENTS = 200_000;
/** The outcome of a completion whose collection fails; the service order stays DOING. */
const PAY_FAILED = 'PAYFAIL';
/** v3 shares at most 30% of a transaction unless the merchant asked for more. */
export const SHARING_MAX_PERCENT = 30;

const SERIAL = 'SANDBOX';
/** The advisory lock that queues transfers on PostgreSQL. */
const TRANSFER_LOCK = 7_100_012;
const SETTING_KEY = 'pay_sandbox_key';
/** v3 refuses a notification whose timestamp is further than this from now. */
const SKEW_SECONDS = 300;

export interface SandboxOptions {
  /** How long a result takes to arrive. */
  delayMs: number;
  /** The merchant balance before anything is paid in, in cents. */
  balance: number;
}

type Kind = 'pay' | 'refund' | 'transfer' | 'bill' | 'share' | 'score';
type Row = Omit<PaySimTable, 'notified' | 'attempts'> & { notified: number; attempts?: number };

/**
 * Seconds the service waits before sending a notification that was not acknowledged again, as v3 retries (15s,
 * 15s, 30s, 3m, 10m, 20m, 30m, 30m, 30m, 60m, 3h, 3h, 3h, 6h, 6h); after the last it gives up and the merchant must
 * query.
 */
const REDELIVERY_SECONDS = [15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600];
const COLLECTION_STATES: Record<string, ServiceOrder['collectionState']> = {
  NOTPAY: 'USER_PAYING',
  SUCCESS: 'USER_PAID',
  CLOSED: 'PAY_FAILED',
};
/** A notification's delivery is worked on by one instance at a time: the lease on its row (platform/work/claims.ts). */
export const notificationPiece = (id: number): WorkPiece => ({ kind: 'pay-notification', key: String(id) });

/** Far longer than applying one notification; an instance that dies holding it leaves the next attempt to the rest. */
export const NOTIFICATION_LEASE_SECONDS = 60;

const ACKNOWLEDGED = 1;
const GIVEN_UP = 2;

const digits = () => `${Date.now()}${crypto.randomInt(100_000, 999_999)}`;

export class PaymentSandbox implements PaymentProvider {
  constructor(
    private readonly ctx: AppContext,
    private readonly options: SandboxOptions,
  ) {}

  private due(): string {
    return formatDateTime(new Date(Date.now() + this.options.delayMs));
  }

  private async row(kind: Kind, outNo: string, db = this.ctx.db): Promise<Row | undefined> {
    let query = db.selectFrom('biz_pay_sim').selectAll().where('kind', '=', kind).where('outNo', '=', outNo);
    // Refunds of one payment queue behind each other, as the real service serialises them.
    if (this.ctx.dialect === 'postgres' && kind === 'pay') query = query.forUpdate();
    return (await query.executeTakeFirst()) as Row | undefined;
  }

  async prepay(request: PrepayRequest): Promise<{ prepayId: string }> {
    const existing = await this.row('pay', request.outTradeNo);
    if (existing) {
      if (Number(existing.amount) !== request.total) throw new PaymentError('INVALID_REQUEST', '商户订单号重复');
      return { prepayId: `wx${existing.id}` };
    }
    const id = nextId();
    await this.ctx.db
      .insertInto('biz_pay_sim')
      .values({
        id,
        kind: 'pay',
        outNo: request.outTradeNo,
        outTradeNo: request.outTradeNo,
        providerNo: `4200${digits()}`,
        amount: request.total,
        state: 'NOTPAY',
        outcome: request.total % 100 === PAYMENT_UNPAID_CENTS ? 'CLOSED' : 'SUCCESS',
        dueTime: this.due(),
        createTime: now(),
      })
      .execute();
    return { prepayId: `wx${id}` };
  }

  /** The sheet's parameters as v3 shapes them; the sandbox's app pays without a signature. */
  payParams(prepayId: string): PayParams {
    const timeStamp = String(Math.floor(Date.now() / 1000));
    const nonceStr = crypto.randomBytes(16).toString('hex');
    return { appId: 'sandbox', timeStamp, nonceStr, package: `prepay_id=${prepayId}`, signType: 'RSA', paySign: '' };
  }

  async query(outTradeNo: string): Promise<Transaction> {
    const row = await this.current('pay', outTradeNo);
    if (!row) throw new PaymentError('ORDERNOTEXIST', '订单不存在');
    return transactionOf(row);
  }

  async close(outTradeNo: string): Promise<void> {
    const row = await this.current('pay', outTradeNo);
    if (!row) throw new PaymentError('ORDERNOTEXIST', '订单不存在');
    if (row.state === 'SUCCESS') throw new PaymentError('ORDERPAID', '订单已支付');
    // A closed order is final and the merchant asked for it: no notification follows.
    await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({ state: 'CLOSED', notified: 1 })
      .where('id', '=', row.id)
      .where('state', '=', 'NOTPAY')
      .execute();
  }

  async refund(request: RefundRequest): Promise<Refund> {
    const first = await this.row('refund', request.outRefundNo);
    if (first) return refundOf(first);
    try {
      return await this.ctx.db.transaction().execute((trx) => this.newRefund(trx, request));
    } catch (error) {
      // Two requests with one outRefundNo at once: the unique index lets one in, the other answers its refund.
      const winner = await this.row('refund', request.outRefundNo);
      if (winner) return refundOf(winner);
      throw error;
    }
  }

  private async newRefund(trx: DbTransaction<Database>, request: RefundRequest): Promise<Refund> {
    const paid = await this.row('pay', request.outTradeNo, trx);
    if (!paid) throw new PaymentError('RESOURCE_NOT_EXISTS', '订单不存在');
    if (paid.state !== 'SUCCESS') throw new PaymentError('INVALID_REQUEST', '订单未支付,不能退款');
    if (Number(paid.amount) !== request.total) throw new PaymentError('INVALID_REQUEST', '订单金额与原订单不一致');
    const again = await this.row('refund', request.outRefundNo, trx);
    if (again) return refundOf(again);
    const refunded = await trx
      .selectFrom('biz_pay_sim')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
      .where('kind', '=', 'refund')
      .where('outTradeNo', '=', request.outTradeNo)
      .where('state', '<>', 'CLOSED')
      .executeTakeFirstOrThrow();
    if (Number(refunded.sum) + request.refund > request.total) {
      throw new PaymentError('INVALID_REQUEST', '退款金额超过订单可退金额');
    }
    if ((await this.balance(trx)) < request.refund) throw new PaymentError('NOT_ENOUGH', '商户账户余额不足');
    const ending = request.refund % 100;
    // A refund of the amount sent again under a new number after one closed finds the account topped up, as the
    // provider asks the merchant to do before a new number: it succeeds.
    const closedBefore =
      ending === REFUND_CLOSED_CENTS &&
      (await trx
        .selectFrom('biz_pay_sim')
        .select('id')
        .where('kind', '=', 'refund')
        .where('outTradeNo', '=', request.outTradeNo)
        .where('amount', '=', request.refund)
        .where('outcome', '=', 'CLOSED')
        .executeTakeFirst()) !== undefined;
    const outcome: RefundState =
      ending === REFUND_ABNORMAL_CENTS
        ? 'ABNORMAL'
        : ending === REFUND_CLOSED_CENTS && !closedBefore
          ? 'CLOSED'
          : 'SUCCESS';
    const row: Row = {
      id: nextId(),
      kind: 'refund',
      outNo: request.outRefundNo,
      outTradeNo: request.outTradeNo,
      providerNo: `5030${digits()}`,
      amount: request.refund,
      state: 'PROCESSING',
      outcome,
      dueTime: this.due(),
      notified: 0,
      createTime: now(),
    };
    await trx.insertInto('biz_pay_sim').values(row).execute();
    return refundOf(row);
  }

  async transfer(request: TransferRequest): Promise<TransferBatch> {
    const sum = request.details.reduce((total, detail) => total + detail.transferAmount, 0);
    if (request.details.length === 0 || sum !== request.totalAmount) {
      throw new PaymentError('PARAM_ERROR', '转账总金额与明细金额之和不一致');
    }
    const first = await this.row('transfer', request.outBatchNo);
    if (first) return sameBatch(first, request);
    try {
      return await this.ctx.db.transaction().execute((trx) => this.newTransfer(trx, request));
    } catch (error) {
      // Two requests with one outBatchNo at once: the unique index lets one in, the other answers its batch.
      const winner = await this.row('transfer', request.outBatchNo);
      if (winner) return sameBatch(winner, request);
      throw error;
    }
  }

  private async newTransfer(trx: DbTransaction<Database>, request: TransferRequest): Promise<TransferBatch> {
    // Transfers of one merchant queue behind each other, so two never spend one balance.
    if (this.ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${TRANSFER_LOCK})`.execute(trx);
    const again = await this.row('transfer', request.outBatchNo, trx);
    if (again) return sameBatch(again, request);
    if ((await this.balance(trx)) < request.totalAmount) throw new PaymentError('NOT_ENOUGH', '商户账户余额不足');
    // The batch is accepted and, in the sandbox, finished at once: v3 sends no notification for it, the merchant
    // queries the batch, and a query finds it finished.
    const row: Row = {
      id: nextId(),
      kind: 'transfer',
      outNo: request.outBatchNo,
      outTradeNo: request.outBatchNo,
      providerNo: `1030${digits()}`,
      amount: request.totalAmount,
      state: 'FINISHED',
      outcome: 'FINISHED',
      dueTime: now(),
      notified: 1,
      createTime: now(),
      finishTime: now(),
    };
    await trx.insertInto('biz_pay_sim').values(row).execute();
    return { ...transferOf(row), batchStatus: 'ACCEPTED' };
  }

  async queryTransfer(outBatchNo: string): Promise<TransferBatch> {
    const row = await this.current('transfer', outBatchNo);
    if (!row) throw new PaymentError('NOT_FOUND', '转账批次不存在');
    return transferOf(row);
  }

  /**
   * A transfer bill waits for the customer's confirmation (WAIT_USER_CONFIRM); the customer confirms once its result
   * falls due, or, for an amount ending in 20 cents, never does and the bill is cancelled. A notification follows
   * either way, as v3 sends MCHTRANSFER.BILL.FINISHED.
   */
  async transferBill(request: TransferBillRequest): Promise<TransferBill> {
    const first = await this.row('bill', request.outBillNo);
    if (first) return sameBill(first, request);
    if (request.transferAmount >= BILL_NAME_FROM_CENTS && !request.userName) {
      throw new PaymentError('PARAM_ERROR', '转账金额大于等于2000元时, 收款用户姓名必填');
    }
    try {
      return await this.ctx.db.transaction().execute((trx) => this.newBill(trx, request));
    } catch (error) {
      // Two requests with one outBillNo at once: the unique index lets one in, the other answers its bill.
      const winner = await this.row('bill', request.outBillNo);
      if (winner) return sameBill(winner, request);
      throw error;
    }
  }

  private async newBill(trx: DbTransaction<Database>, request: TransferBillRequest): Promise<TransferBill> {
    // Payouts of one merchant queue behind each other, so two never spend one balance.
    if (this.ctx.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${TRANSFER_LOCK})`.execute(trx);
    const again = await this.row('bill', request.outBillNo, trx);
    if (again) return sameBill(again, request);
    if ((await this.balance(trx)) < request.transferAmount) throw new PaymentError('NOT_ENOUGH', '商户账户余额不足');
    const unconfirmed = request.transferAmount % 100 === BILL_UNCONFIRMED_CENTS;
    const row: Row = {
      id: nextId(),
      kind: 'bill',
      outNo: request.outBillNo,
      outTradeNo: request.outBillNo,
      providerNo: `1330${digits()}`,
      amount: request.transferAmount,
      state: 'WAIT_USER_CONFIRM',
      outcome: unconfirmed ? 'CANCELLED' : 'SUCCESS',
      dueTime: this.due(),
      notified: 0,
      createTime: now(),
    };
    await trx.insertInto('biz_pay_sim').values(row).execute();
    return billOf(row);
  }

  async queryTransferBill(outBillNo: string): Promise<TransferBill> {
    const row = await this.current('bill', outBillNo);
    if (!row) throw new PaymentError('NOT_FOUND', '转账单不存在');
    return billOf(row);
  }

  /** The merchant cancels a bill still waiting for the customer; its notification follows. */
  async cancelTransferBill(outBillNo: string): Promise<TransferBill> {
    const row = await this.current('bill', outBillNo);
    if (!row) throw new PaymentError('NOT_FOUND', '转账单不存在');
    await this.answerBill(outBillNo, 'CANCELLED');
    const after = (await this.row('bill', outBillNo)) as Row;
    if (after.state !== 'CANCELLED') throw new PaymentError('INVALID_REQUEST', '转账单当前状态不可撤销');
    return billOf(after);
  }

  /**
   * The customer's side of a bill waiting for confirmation, for development and tests: SUCCESS when the customer
   * confirms in the mini-program, CANCELLED when the confirmation window passes. Its notification is due at once.
   */
  async answerBill(outBillNo: string, state: 'SUCCESS' | 'CANCELLED'): Promise<void> {
    await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({ state, outcome: state, dueTime: now(), notified: 0, attempts: 0 })
      .where('kind', '=', 'bill')
      .where('outNo', '=', outBillNo)
      .where('state', '=', 'WAIT_USER_CONFIRM')
      .execute();
  }

  async share(request: SharingRequest): Promise<SharingOrder> {
    const first = await this.row('share', request.outOrderNo);
    if (first) return sharingOf(first, request.transactionId);
    try {
      return await this.ctx.db.transaction().execute((trx) => this.newShare(trx, request));
    } catch (error) {
      // Two requests with one outOrderNo at once: the unique index lets one in, the other answers its order.
      const winner = await this.row('share', request.outOrderNo);
      if (winner) return sharingOf(winner, request.transactionId);
      throw error;
    }
  }

  private async newShare(trx: DbTransaction<Database>, request: SharingRequest): Promise<SharingOrder> {
    const paid = (await trx
      .selectFrom('biz_pay_sim')
      .selectAll()
      .where('kind', '=', 'pay')
      .where('providerNo', '=', request.transactionId)
      .executeTakeFirst()) as Row | undefined;
    if (!paid) throw new PaymentError('RESOURCE_NOT_EXISTS', '订单不存在');
    if (paid.state !== 'SUCCESS') throw new PaymentError('INVALID_REQUEST', '订单未支付,不能分账');
    const amount = request.receivers.reduce((total, receiver) => total + receiver.amount, 0);
    if (request.receivers.length === 0 || request.receivers.some((receiver) => receiver.amount < 1)) {
      throw new PaymentError('PARAM_ERROR', '分账接收方金额必须大于0');
    }
    if (amount * 100 > Number(paid.amount) * SHARING_MAX_PERCENT) {
      throw new PaymentError('INVALID_REQUEST', '分账金额超过最大分账比例');
    }
    const again = await this.row('share', request.outOrderNo, trx);
    if (again) return sharingOf(again, request.transactionId);
    const row: Row = {
      id: nextId(),
      kind: 'share',
      outNo: request.outOrderNo,
      outTradeNo: paid.outTradeNo,
      providerNo: `3008${digits()}`,
      amount,
      state: 'PROCESSING',
      outcome: amount % 100 === SHARING_CLOSED_CENTS ? 'CLOSED' : 'FINISHED',
      dueTime: this.due(),
      notified: 0,
      createTime: now(),
    };
    await trx.insertInto('biz_pay_sim').values(row).execute();
    return sharingOf(row, request.transactionId);
  }

  async queryShare(outOrderNo: string): Promise<SharingOrder> {
    const row = await this.current('share', outOrderNo);
    if (!row) throw new PaymentError('RESOURCE_NOT_EXISTS', '分账单不存在');
    return sharingOf(row, await this.transactionIdOf(row.outTradeNo));
  }

  private async transactionIdOf(outTradeNo: string): Promise<string> {
    return (await this.row('pay', outTradeNo))?.providerNo ?? '';
  }

  /** What the merchant account holds: the starting balance, plus payments, less refunds and payouts not closed. */
  private async balance(trx: DbTransaction<Database>): Promise<number> {
    const sums = await trx
      .selectFrom('biz_pay_sim')
      .select(['kind', (eb) => eb.fn.sum<number>('amount').as('sum')])
      .where((eb) =>
        eb.or([
          eb.and([eb('kind', '=', 'pay'), eb('state', '=', 'SUCCESS')]),
          eb.and([eb('kind', 'in', ['refund', 'transfer', 'share']), eb('state', '<>', 'CLOSED')]),
          eb.and([eb('kind', '=', 'bill'), eb('state', 'not in', ['FAIL', 'CANCELLED'])]),
        ]),
      )
      .groupBy('kind')
      .execute();
    const of = (kind: string) => Number(sums.find((row) => row.kind === kind)?.sum ?? 0);
    return this.options.balance + of('pay') - of('refund') - of('transfer') - of('bill') - of('share');
  }

  async createServiceOrder(request: ServiceOrderRequest): Promise<ServiceOrder> {
    const first = await this.row('score', request.outOrderNo);
    if (first) return this.serviceOrderOf(first);
    if (request.riskAmount % 100 === SCORE_REFUSED_CENTS) {
      throw new PaymentError('RULE_LIMIT', '支付分不足,请使用押金租借');
    }
    const row: Row = {
      id: nextId(),
      kind: 'score',
      outNo: request.outOrderNo,
      outTradeNo: request.outOrderNo,
      providerNo: `1000${digits()}`,
      amount: request.riskAmount,
      state: 'CREATED',
      // The customer confirms on WeChat's page, or cancels there.
      outcome: request.riskAmount % 100 === SCORE_CANCELLED_CENTS ? 'REVOKED' : 'DOING',
      dueTime: this.due(),
      notified: 0,
      createTime: now(),
    };
    try {
      await this.ctx.db.insertInto('biz_pay_sim').values(row).execute();
    } catch (error) {
      // Two requests with one outOrderNo at once: the unique index lets one in, the other answers its order.
      const winner = await this.row('score', request.outOrderNo);
      if (winner) return this.serviceOrderOf(winner);
      throw error;
    }
    return this.serviceOrderOf(row);
  }

  async queryServiceOrder(outOrderNo: string): Promise<ServiceOrder> {
    const row = await this.current('score', outOrderNo);
    if (!row) throw new PaymentError('ORDER_NOT_EXIST', '服务订单不存在');
    return this.serviceOrderOf(row);
  }

  async cancelServiceOrder(outOrderNo: string): Promise<void> {
    const row = await this.current('score', outOrderNo);
    if (!row) throw new PaymentError('ORDER_NOT_EXIST', '服务订单不存在');
    // The merchant asked for it: no notification follows, and a confirmation still due is dropped.
    await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({ state: 'REVOKED', notified: 1 })
      .where('id', '=', row.id)
      .where('state', '=', 'CREATED')
      .execute();
    const after = await this.row('score', outOrderNo);
    if (after?.state !== 'REVOKED') throw new PaymentError('ORDER_STATE_ERROR', '服务订单已确认,不能取消');
  }

  async completeServiceOrder(outOrderNo: string, totalAmount: number): Promise<ServiceOrder> {
    const row = await this.row('score', outOrderNo);
    if (!row) throw new PaymentError('ORDER_NOT_EXIST', '服务订单不存在');
    const collected = await this.row('pay', outOrderNo);
    if (row.state === 'DONE' || collected) {
      if (Number(collected?.amount ?? 0) !== totalAmount) throw new PaymentError('ORDER_DONE', '服务订单已完结');
      return this.serviceOrderOf(row);
    }
    if (row.state !== 'DOING') throw new PaymentError('ORDER_STATE_ERROR', '服务订单未确认,不能完结');
    if (totalAmount > Number(row.amount)) throw new PaymentError('PARAM_ERROR', '完结金额超过服务订单风险金额');
    if (totalAmount === 0) {
      await this.ctx.db.updateTable('biz_pay_sim').set({ state: 'DONE' }).where('id', '=', row.id).execute();
      return this.serviceOrderOf({ ...row, state: 'DONE' });
    }
    try {
      await this.ctx.db.transaction().execute(async (trx) => {
        // The collection is a payment of its own, delivered with the service order's notification.
        await trx
          .insertInto('biz_pay_sim')
          .values({
            id: nextId(),
            kind: 'pay',
            outNo: outOrderNo,
            outTradeNo: outOrderNo,
            providerNo: `4200${digits()}`,
            amount: totalAmount,
            state: 'NOTPAY',
            outcome: totalAmount % 100 === SCORE_UNPAID_CENTS ? 'CLOSED' : 'SUCCESS',
            dueTime: now(),
            notified: 1,
            createTime: now(),
          })
          .execute();
        await trx
          .updateTable('biz_pay_sim')
          .set({
            outcome: totalAmount % 100 === SCORE_UNPAID_CENTS ? PAY_FAILED : 'DONE',
            dueTime: this.due(),
            notified: 0,
            attempts: 0,
          })
          .where('id', '=', row.id)
          .execute();
      });
    } catch (error) {
      // Two completions at once: the unique index lets one in; the other answers as a repeat.
      if (!(await this.row('pay', outOrderNo))) throw error;
      return this.completeServiceOrder(outOrderNo, totalAmount);
    }
    return this.serviceOrderOf(row);
  }

  private async serviceOrderOf(row: Row): Promise<ServiceOrder> {
    const collected = await this.row('pay', row.outNo);
    return {
      outOrderNo: row.outNo,
      orderId: row.providerNo,
      state: row.state as ServiceOrderState,
      riskAmount: Number(row.amount),
      totalAmount: Number(collected?.amount ?? 0),
      transactionId: collected?.state === 'SUCCESS' ? collected.providerNo : '',
      package: `DJ${row.providerNo}`,
      ...(collected ? { collectionState: COLLECTION_STATES[collected.state] } : {}),
    };
  }

  /** The pay-score event a row's result is: the confirmation (or cancellation), or the completion's collection. */
  private scoreEvent(row: Row): { event_type: PayScoreEvent; state: string } {
    if (row.outcome === 'DOING') return { event_type: 'PAYSCORE.USER_CONFIRM', state: 'DOING' };
    if (row.outcome === 'REVOKED') return { event_type: 'PAYSCORE.USER_CANCEL', state: 'REVOKED' };
    return row.outcome === PAY_FAILED
      ? { event_type: 'PAYSCORE.PAY_FAILED', state: 'DOING' }
      : { event_type: 'PAYSCORE.USER_PAID', state: 'DONE' };
  }

  /**
   * The provider decides a result when it falls due, whether or not its notification has gone out yet: the row
   * takes its outcome (a completion's collection is paid or fails). Deciding again changes nothing. With no delay
   * (PAY_SANDBOX_DELAY_MS=0, the tests' stepping) only a delivery decides, so a test sees the state in between.
   */
  private async decide(row: Row, at = new Date(), delivering = false): Promise<boolean> {
    if (row.notified !== 0 || Number(row.attempts ?? 0) > 0 || row.dueTime > formatDateTime(at)) return false;
    if (this.options.delayMs === 0 && !delivering) return false;
    const state = row.kind === 'score' ? this.scoreEvent(row).state : row.outcome;
    const finishTime = now();
    await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({ state, finishTime })
      .where('id', '=', row.id)
      .where('outcome', '=', row.outcome)
      .execute();
    if (row.kind === 'score' && (row.outcome === PAY_FAILED || row.outcome === 'DONE')) {
      await this.ctx.db
        .updateTable('biz_pay_sim')
        .set({ state: row.outcome === PAY_FAILED ? 'CLOSED' : 'SUCCESS', finishTime })
        .where('kind', '=', 'pay')
        .where('outNo', '=', row.outNo)
        .execute();
    }
    return true;
  }

  /** A row as the service knows it now: a result that fell due is decided before it is answered. */
  private async current(kind: Kind, outNo: string) {
    const row = await this.row(kind, outNo);
    if (row && (await this.decide(row))) return this.row(kind, outNo);
    return row;
  }

  async queryRefund(outRefundNo: string): Promise<Refund> {
    const row = await this.current('refund', outRefundNo);
    if (!row) throw new PaymentError('RESOURCE_NOT_EXISTS', '退款单不存在');
    return refundOf(row);
  }

  /** The rows whose notification is due by `at`, oldest first, for sendAttempt. */
  async dueNotifications(at = new Date()): Promise<number[]> {
    const due = await this.ctx.db
      .selectFrom('biz_pay_sim')
      .select('id')
      .where('notified', '=', 0)
      .where('dueTime', '<=', formatDateTime(at))
      .orderBy('dueTime')
      .execute();
    return due.map((row) => Number(row.id));
  }

  /**
   * One attempt of a row's notification, as the service would post it, signed: its result decided, the attempt
   * counted and the next one due after the back-off (or given up), as the real service retries until acknowledged
   * (acknowledge). Called under the row's work lease (notificationPiece), so two instances never send one attempt
   * twice; undefined when the row is no longer due (another instance sent this attempt, or it was acknowledged).
   */
  async sendAttempt(id: number, at = new Date()): Promise<SignedNotification | undefined> {
    const row = (await this.ctx.db
      .selectFrom('biz_pay_sim')
      .selectAll()
      .where('id', '=', id)
      .where('notified', '=', 0)
      .where('dueTime', '<=', formatDateTime(at))
      .executeTakeFirst()) as Row | undefined;
    if (!row) return undefined;
    await this.decide(row, at, true);
    const attempts = Number(row.attempts ?? 0);
    const wait = REDELIVERY_SECONDS[attempts];
    const counted = await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({
        attempts: attempts + 1,
        ...(wait === undefined
          ? { notified: GIVEN_UP }
          : { dueTime: formatDateTime(new Date(at.getTime() + wait * 1000)) }),
      })
      .where('id', '=', row.id)
      .where('notified', '=', 0)
      .executeTakeFirst();
    if (Number(counted.numUpdatedRows) === 0) return undefined;
    // The notification's id stays the same on every attempt, as v3's does.
    const notificationId = `${row.id}-${row.outcome}`;
    const key = await this.key();
    if (row.kind === 'score') {
      const { event_type, state } = this.scoreEvent(row);
      const resource = wireServiceOrder(await this.serviceOrderOf({ ...row, state }));
      return sign(key, JSON.stringify({ id: notificationId, create_time: now(), event_type, resource }));
    }
    const settled = { ...row, state: row.outcome };
    if (row.kind === 'bill') {
      const resource = wireBill(billOf(settled));
      return sign(
        key,
        JSON.stringify({ id: notificationId, create_time: now(), event_type: 'MCHTRANSFER.BILL.FINISHED', resource }),
      );
    }
    const event =
      row.kind === 'pay'
        ? { event_type: `TRANSACTION.${row.outcome}`, resource: wireTransaction(transactionOf(settled)) }
        : row.kind === 'share'
          ? {
              event_type: `PROFITSHARING.${row.outcome}`,
              resource: wireSharing(sharingOf(settled, await this.transactionIdOf(row.outTradeNo))),
            }
          : { event_type: `REFUND.${row.outcome}`, resource: wireRefund(refundOf(settled)) };
    return sign(key, JSON.stringify({ id: notificationId, create_time: now(), ...event }));
  }

  /** Every notification due by `at`, one attempt each, taken as the delivery pass takes them: tests step with it. */
  async deliverDue(at = new Date()): Promise<SignedNotification[]> {
    const sent: SignedNotification[] = [];
    for (const id of await this.dueNotifications(at)) {
      const attempt = () => this.sendAttempt(id, at);
      const notification = await withWork(this.ctx, notificationPiece(id), NOTIFICATION_LEASE_SECONDS, attempt, at);
      if (notification) sent.push(notification);
    }
    return sent;
  }

  /** The merchant answered a notification with success: the service stops sending it. */
  async acknowledge(notification: SignedNotification): Promise<void> {
    const { id } = JSON.parse(notification.body) as { id: string };
    const [rowId, outcome] = id.split('-');
    await this.ctx.db
      .updateTable('biz_pay_sim')
      .set({ notified: ACKNOWLEDGED })
      .where('id', '=', Number(rowId))
      .where('outcome', '=', outcome)
      .where('notified', '=', 0)
      .execute();
  }

  /** The day's bill from the sandbox's own records, as WeChat Pay would make it (sandbox-bills.ts). */
  async downloadBill(kind: BillKind, day: string): Promise<string> {
    return sandboxBill(this.ctx.db, kind, day, this.billMerchant());
  }

  /** Whose bill it is: the sandbox's own merchant; the tests' double names the merchant of its keys. */
  protected billMerchant(): BillMerchant {
    return { mchId: 'sandbox', appId: 'sandbox' };
  }

  async verifyNotification(notification: SignedNotification): Promise<NotificationEvent> {
    const { headers, body } = notification;
    const timestamp = Number(headers['wechatpay-timestamp']);
    if (headers['wechatpay-serial'] !== SERIAL) throw new PaymentError('SIGN_ERROR', '未知的平台证书');
    const expected = signature(await this.key(), timestamp, headers['wechatpay-nonce'], body);
    const given = Buffer.from(headers['wechatpay-signature'] ?? '');
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
      throw new PaymentError('SIGN_ERROR', '通知签名错误');
    }
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > SKEW_SECONDS) {
      throw new PaymentError('SIGN_ERROR', '通知已过期');
    }
    // Read before the nonce is spent: a malformed body is refused and the provider's retry may use the nonce again.
    const event = readEvent(body);
    if (!(await spendNonce(this.ctx, headers['wechatpay-nonce']))) throw new PaymentError('SIGN_ERROR', '通知重复');
    return event;
  }

  /** The signing key, made on first use and kept in blade_setting so every instance signs alike. */
  private async key(): Promise<string> {
    await this.ctx.db
      .insertInto('blade_setting')
      .values({ settingKey: SETTING_KEY, settingValue: crypto.randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('settingKey').doNothing())
      .execute();
    const row = await this.ctx.db
      .selectFrom('blade_setting')
      .select('settingValue')
      .where('settingKey', '=', SETTING_KEY)
      .executeTakeFirstOrThrow();
    return row.settingValue;
  }
}

function transactionOf(row: Row): Transaction {
  return {
    outTradeNo: row.outTradeNo,
    transactionId: row.providerNo,
    tradeState: row.state as TradeState,
    total: Number(row.amount),
  };
}

function refundOf(row: Row): Refund {
  return {
    outRefundNo: row.outNo,
    refundId: row.providerNo,
    outTradeNo: row.outTradeNo,
    refund: Number(row.amount),
    status: row.state as RefundState,
    channel: 'ORIGINAL',
    userReceivedAccount: '招商银行信用卡0403',
  };
}

function transferOf(row: Row): TransferBatch {
  return {
    outBatchNo: row.outNo,
    batchId: row.providerNo,
    batchStatus: row.state as TransferState,
    totalAmount: Number(row.amount),
  };
}

function billOf(row: Row): TransferBill {
  const state = row.state as TransferBillState;
  return {
    outBillNo: row.outNo,
    transferBillNo: row.providerNo,
    state,
    transferAmount: Number(row.amount),
    // What wx.requestMerchantTransfer opens the confirmation with, while the bill waits for it.
    packageInfo: state === 'WAIT_USER_CONFIRM' ? `SANDBOX${row.providerNo}` : '',
    failReason: '',
  };
}

/** A repeated outBillNo is the same bill only with the same amount; otherwise v3 refuses it. */
function sameBill(row: Row, request: TransferBillRequest): TransferBill {
  if (Number(row.amount) !== request.transferAmount) throw new PaymentError('INVALID_REQUEST', '商户单号重复');
  return billOf(row);
}

function sharingOf(row: Row, transactionId: string): SharingOrder {
  return {
    outOrderNo: row.outNo,
    orderId: row.providerNo,
    transactionId,
    state: row.state as SharingState,
    amount: Number(row.amount),
  };
}

/** A repeated outBatchNo is the same batch only with the same amount; otherwise v3 refuses it. */
function sameBatch(row: Row, request: TransferRequest): TransferBatch {
  if (Number(row.amount) !== request.totalAmount) throw new PaymentError('INVALID_REQUEST', '商家批次单号重复');
  return transferOf(row);
}

/** The v3 message text signed: timestamp, nonce and body, each ending in a newline. */
function signature(key: string, timestamp: number, nonce: string, body: string): Buffer {
  const text = `${timestamp}\n${nonce}\n${body}\n`;
  return Buffer.from(crypto.createHmac('sha256', key).update(text).digest('base64'));
}

function sign(key: string, body: string): SignedNotification {
  const timestamp = Math.floor(Date.now() / 1000);
  const nonce = crypto.randomBytes(16).toString('hex');
  return {
    headers: {
      'wechatpay-timestamp': String(timestamp),
      'wechatpay-nonce': nonce,
      'wechatpay-signature': signature(key, timestamp, nonce, body).toString(),
      'wechatpay-serial': SERIAL,
    },
    body,
  };
}

const wireTransaction = (t: Transaction) => ({
  out_trade_no: t.outTradeNo,
  transaction_id: t.transactionId,
  trade_state: t.tradeState,
  amount: { total: t.total },
});

const wireRefund = (r: Refund) => ({
  out_trade_no: r.outTradeNo,
  out_refund_no: r.outRefundNo,
  refund_id: r.refundId,
  refund_status: r.status,
  channel: r.channel,
  user_received_account: r.userReceivedAccount,
  amount: { refund: r.refund },
});

const wireBill = (b: TransferBill) => ({
  out_bill_no: b.outBillNo,
  transfer_bill_no: b.transferBillNo,
  state: b.state,
  transfer_amount: b.transferAmount,
  ...(b.failReason ? { fail_reason: b.failReason } : {}),
});

const wireSharing = (o: SharingOrder) => ({
  out_order_no: o.outOrderNo,
  order_id: o.orderId,
  transaction_id: o.transactionId,
  state: o.state,
  amount: { total: o.amount },
});

const wireServiceOrder = (o: ServiceOrder) => ({
  out_order_no: o.outOrderNo,
  order_id: o.orderId,
  state: o.state,
  risk_fund: { name: 'DEPOSIT', amount: o.riskAmount },
  total_amount: o.totalAmount,
  collection: { details: o.transactionId ? [{ transaction_id: o.transactionId, amount: o.totalAmount }] : [] },
  package: o.package,
});
