// Limits that splitting cannot dodge hold for payouts asked at the same instant too: the day's totals a payout is
// judged by (day-limits.ts) are read before its record exists, so two payouts to one payee, or by one requester, take
// turns from the judging to the record — on every instance, as the turn is a row. A turn lapses after 15 s, longer
// than a payout's judging, record and provider call take, so one whose instance died frees itself before those
// waiting behind it give up.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { nextId } from '../../platform/db/ids.js';
import { now, secondsFromNow } from '../../platform/db/time.js';
import { BladeError } from '../../platform/http/envelope.js';

const HOLD_SECONDS = 15;
/** How long a payout waits for the one before it before it is refused as busy. */
const WAIT_MS = 30_000;
const POLL_MS = 50;

export const MSG_BUSY = '该收款人或申请人有付款正在办理, 请稍后再试';

async function take(ctx: AppContext, turnKey: string, holder: number): Promise<boolean> {
  // A turn whose holder died has lapsed: whoever comes next removes it.
  await ctx.db.deleteFrom('biz_payout_turn').where('turnKey', '=', turnKey).where('until', '<', now()).execute();
  const inserted = await ctx.db
    .insertInto('biz_payout_turn')
    .values({ turnKey, holder, until: secondsFromNow(HOLD_SECONDS) })
    .onConflict((oc) => oc.column('turnKey').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}

/**
 * Runs `work` (judging a payout and making its record, or filing it for approval) in the turn of its payee and of its
 * requester, one payout of each at a time. Turns are taken in key order, so two payouts never wait on each other.
 */
export async function inPayoutTurn<T>(
  ctx: AppContext,
  request: FastifyRequest,
  customerId: number | undefined,
  work: () => Promise<T>,
): Promise<T> {
  const keys = [`requester:${request.user?.userId ?? 0}`];
  if (customerId !== undefined) keys.push(`payee:${customerId}`);
  keys.sort();
  const holder = nextId();
  const held: string[] = [];
  try {
    const deadline = Date.now() + WAIT_MS;
    for (const key of keys) {
      while (!(await take(ctx, key, holder))) {
        if (Date.now() > deadline) throw new BladeError(MSG_BUSY, 409);
        await sleep(POLL_MS);
      }
      held.push(key);
    }
    return await work();
  } finally {
    if (held.length) {
      await ctx.db.deleteFrom('biz_payout_turn').where('turnKey', 'in', held).where('holder', '=', holder).execute();
    }
  }
}
