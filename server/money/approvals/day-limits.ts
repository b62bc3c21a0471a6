// Limits that splitting cannot dodge: a payout waits for a second person not only when it is above
// `money.approvalCents`, but also when it and the same payee's payouts of the day pass that amount, or when it takes
// what its requester paid out alone today past `money.requesterDailyCents` (docs/orders-and-money.md, Approvals).
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { now } from '../../platform/db/time.js';
import { yuan } from '../payments/yuan.js';
import { APPROVAL_REFUND_OUTSIDE } from './controls.js';

export const PARAM_APPROVAL_CENTS = 'money.approvalCents';
/** ¥500: above a day's rental of anything the business rents, so only compensation-sized payouts wait. */
export const DEFAULT_APPROVAL_CENTS = 50_000;
export const PARAM_REQUESTER_DAILY_CENTS = 'money.requesterDailyCents';
/** ¥2,000 a day that one person may pay out without anybody else. */
export const DEFAULT_REQUESTER_DAILY_CENTS = 200_000;

export const MSG_SUBMITTED = '金额超过 {}, 已提交审批, 需另一人审批后付款';
export const MSG_PAYEE_DAY = '该收款人今日付款合计 {} 超过 {}, 已提交审批, 需另一人审批后付款';
export const MSG_REQUESTER_DAY = '您今日未经审批的付款合计 {} 超过 {}, 已提交审批, 需另一人审批后付款';

/** A payout asked for, as the day's totals see it: its kind and number (left out of the totals), payee and amount. */
export interface DayPayout {
  kind: number;
  bizNo: string;
  amount: number;
  customerId?: number;
}

/**
 * What was paid out since `since` (moved or on its way; not refused, failed or closed), the payout asked about left
 * out: to the customer, and by the staff member without an approval. The refunds, transfers and withdrawals sit above
 * this folder, so the money routes hand this in.
 */
export type PaidOutToday = (
  ctx: AppContext,
  asked: DayPayout & { userId: number | null; since: string },
) => Promise<{ toPayee: number; byRequester: number }>;

/** A money parameter in cents; an unreadable value means its default. */
export async function centsParam(ctx: AppContext, key: string, fallback: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('blade_param')
    .select('paramValue')
    .where('paramKey', '=', key)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  const value = Number(row?.paramValue);
  return Number.isSafeInteger(value) && value >= 0 ? value : fallback;
}

/** Today in server time, as stored times compare. */
const startOfToday = (): string => `${now().slice(0, 10)} 00:00:00`;

/** The customer's payout requests filed today and still waiting, the one asked about left out. */
async function waitingToday(ctx: AppContext, asked: DayPayout, since: string): Promise<number> {
  if (asked.customerId === undefined) return 0;
  const row = await ctx.db
    .selectFrom('biz_approval')
    .select((eb) => eb.fn.sum<number>('amount').as('total'))
    .where('customerId', '=', asked.customerId)
    .where('state', '=', 0)
    // A refund recorded as paid outside moves nothing through the console.
    .where('kind', '<>', APPROVAL_REFUND_OUTSIDE)
    .where('createTime', '>=', since)
    .where('isDeleted', '=', 0)
    .where((eb) => eb.not(eb.and([eb('kind', '=', asked.kind), eb('bizNo', '=', asked.bizNo)])))
    .executeTakeFirst();
  return Number(row?.total ?? 0);
}

/** Why the payout must wait for a second person, as the message to answer; null when it may move now. */
export async function whyItWaits(
  ctx: AppContext,
  request: FastifyRequest,
  asked: DayPayout,
  paidOutToday: PaidOutToday,
): Promise<string | null> {
  const limit = await centsParam(ctx, PARAM_APPROVAL_CENTS, DEFAULT_APPROVAL_CENTS);
  if (asked.amount > limit) return MSG_SUBMITTED.replace('{}', yuan(limit));
  const since = startOfToday();
  const userId = request.user?.userId ?? null;
  const paid = await paidOutToday(ctx, { ...asked, userId, since });
  const payeeDay = asked.amount + paid.toPayee + (await waitingToday(ctx, asked, since));
  if (payeeDay > limit) return MSG_PAYEE_DAY.replace('{}', yuan(payeeDay)).replace('{}', yuan(limit));
  const daily = await centsParam(ctx, PARAM_REQUESTER_DAILY_CENTS, DEFAULT_REQUESTER_DAILY_CENTS);
  const requesterDay = asked.amount + paid.byRequester;
  if (requesterDay > daily) return MSG_REQUESTER_DAY.replace('{}', yuan(requesterDay)).replace('{}', yuan(daily));
  return null;
}
