// Moving a customer's wallet money for an order (docs/orders-and-money.md, "Renting on the wallet"): the wallet row
// and its ledger entry in one transaction, the row updated with a guard so neither part goes below zero.
import type { Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { now } from '../../platform/db/time.js';
import { append, type Movement } from './ledger.js';

/** Moves both parts of a wallet and writes the entry; a move that would take a part below zero moves nothing. */
export async function moveWallet(
  trx: Transaction<Database>,
  movement: Movement & { platDelta: number },
): Promise<boolean> {
  const { account, personDelta, platDelta } = movement;
  const moved = await trx
    .updateTable('biz_wallet')
    .set((eb) => ({
      personAmount: eb('personAmount', '+', personDelta),
      platAmount: eb('platAmount', '+', platDelta),
      amount: eb('amount', '+', personDelta + platDelta),
      updateTime: now(),
    }))
    .where('id', '=', account)
    .where('personAmount', '>=', -personDelta)
    .where('platAmount', '>=', -platDelta)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await append(trx, movement);
  return true;
}

/** The sum of one order's entries of the given kinds on a wallet: what it moved of each part. */
export async function movedFor(
  trx: Transaction<Database>,
  account: number,
  orderId: number,
  kinds: Movement['kind'][],
): Promise<{ person: number; plat: number }> {
  const sums = await trx
    .selectFrom('biz_ledger')
    .select([(eb) => eb.fn.sum<number>('personDelta').as('person'), (eb) => eb.fn.sum<number>('platDelta').as('plat')])
    .where('account', '=', account)
    .where('orderId', '=', orderId)
    .where('kind', 'in', kinds)
    .executeTakeFirstOrThrow();
  return { person: Number(sums.person ?? 0), plat: Number(sums.plat ?? 0) };
}
