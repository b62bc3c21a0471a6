// What the payout suites share: a signed-in customer with own money in the wallet, recharged through the ledger as
// the wallet's statement expects, and the readings a user would notice.
import type { AppContext } from '../../../server/platform/context.js';
import { nextId } from '../../../server/platform/db/ids.js';
import { now } from '../../../server/platform/db/time.js';

export interface Customer {
  token: string;
  customerId: string;
  walletId: number;
}

export async function customerWithWallet(
  ctx: AppContext,
  signedIn: { token: string; customerId: string },
  person: number,
): Promise<Customer> {
  const walletId = nextId();
  await ctx.db
    .insertInto('biz_wallet')
    .values({
      id: walletId,
      customerId: Number(signedIn.customerId),
      amount: person + 500,
      personAmount: person,
      platAmount: 500,
      createTime: now(),
    })
    .execute();
  await ctx.db
    .insertInto('biz_ledger')
    .values([
      {
        id: nextId(),
        account: walletId,
        kind: 'recharge',
        bizNo: `C${walletId}`,
        personDelta: person,
        platDelta: 0,
        createTime: now(),
      },
      {
        id: nextId(),
        account: walletId,
        kind: 'bonus',
        bizNo: `C${walletId}`,
        personDelta: 0,
        platDelta: 500,
        createTime: now(),
      },
    ])
    .execute();
  return { ...signedIn, walletId };
}

export const walletOf = (ctx: AppContext, id: number) =>
  ctx.db.selectFrom('biz_wallet').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

export const ledgerOf = (ctx: AppContext, account: number) =>
  ctx.db.selectFrom('biz_ledger').selectAll().where('account', '=', account).execute();

/** A moment past the recovery worker's grace period, as the tests step it. */
export const later = () => new Date(Date.now() + 60_000);
