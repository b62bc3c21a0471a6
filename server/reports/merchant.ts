// The merchant's ledger entries of a set of orders. The orders are the few (a month, some sites); the merchant's
// entries are half the ledger. Left to itself SQLite, which keeps no statistics unless asked, takes the account's
// index and reads every merchant entry ever written, then each one's order: at a million orders that is seconds.
// The unary plus keeps the account out of any index (on PostgreSQL too, where it is the same number), so the entries
// are found from each order through the ledger's order index instead.
import { type ExpressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { MERCHANT } from '../wallets/ledger.js';

export const merchantEntry = (eb: ExpressionBuilder<Database, 'biz_ledger'>) =>
  eb(sql<number>`+${sql.ref('biz_ledger.account')}`, '=', MERCHANT);
