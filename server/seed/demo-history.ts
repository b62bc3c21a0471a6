// A rental business's recent past for the demo: customers and their wallets, rental orders in every state (one
// running per device in use), refunds, splits, recharges, withdrawals, transfers, goods orders and payees, then the
// daily figures worked out once from all of it. The first start writes 90 days of it inside the seed's transaction;
// `seed:demo -- --orders N` writes N orders over 180 days (docs/orders-and-money.md).

import { rebuildFigures } from '../money/reports/figures-rebuild.js';
import { nextId } from '../platform/db/ids.js';
import { drawCustomers, writeCustomers } from './demo-customers.js';
import { type Place, placesOf, type SplitReceiver, withLargeCache, writeOrders } from './demo-orders.js';
import { BULK_FROM, bulkOnPostgres, writeOrdersInBulk } from './demo-orders-bulk.js';
import { writeGoodsOrders, writePayees, writeTransfers } from './demo-payouts.js';
import { type Db, inTransaction, sequence } from './demo-rows.js';

/** What the first start shows: about 60 rentals a day over the last 90 days. */
export const FIRST_START = { orders: 5400, days: 90 };
/** A split receiver's share, in ten-thousandths (10 %). */
const SPLIT_RATIO = 1000;

/** One receiver sharing 10 % of the fees at the first demo site, so the history holds split records. */
async function splitReceiver(db: Db, place: Place): Promise<SplitReceiver> {
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
  return { id, name, account, ratio: SPLIT_RATIO };
}

/** Adds the history; answers the orders written. */
export async function addDemoHistory(db: Db, { orders, days }: { orders: number; days: number }): Promise<number> {
  return withLargeCache(db, orders > 100_000, async () => {
    const random = sequence(20260301 + orders);
    const places = await placesOf(db);
    if (places.length === 0) return 0;
    const customers = drawCustomers(Math.min(20_000, Math.max(20, Math.ceil(orders / 12))), random);
    const receiver = await splitReceiver(db, places[0]);
    const plan = { count: orders, days, places, customers, receiver, random };
    const written = bulkOnPostgres(db, orders)
      ? (await writeOrders(db, { ...plan, count: BULK_FROM })) +
        (await writeOrdersInBulk(db, { ...plan, count: orders - BULK_FROM }))
      : await writeOrders(db, plan);
    await inTransaction(db, async (trx) => {
      await writeCustomers(trx, customers, random, days);
      await writeTransfers(trx, customers, random, days);
      await writeGoodsOrders(trx, customers, random, days);
      await writePayees(trx);
    });
    // The history arrives in bulk, so its daily figures are worked out once at the end rather than row by row.
    await rebuildFigures(db);
    return written;
  });
}

/** `seed:demo -- --orders N`. */
export const addDemoOrders = (db: Db, count: number): Promise<number> =>
  addDemoHistory(db, { orders: count, days: 180 });
