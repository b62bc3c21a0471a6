// A customer with a wallet and the ledger lines of its money, written into a console's database before it starts:
// what the payout screens' tests begin from.
import { nextId } from '../../../server/platform/db/ids';
import type { openDatabase } from '../../../server/platform/db/index';
import { now } from '../../../server/platform/db/time';

type Db = ReturnType<typeof openDatabase>['db'];

export interface WalletCustomer {
  customerId: number;
  walletId: number;
  nickName: string;
  phoneNumber: string;
  openId: string;
  /** The wallet's balance, all of it the customer's own money, in cents. */
  balance: number;
}

/** A ledger line of the wallet: its kind, what it is for, the change to the customer's money, and when (now). */
export interface LedgerLine {
  kind: string;
  bizNo: string;
  personDelta: number;
  createTime?: string;
}

export async function addWalletCustomer(db: Db, customer: WalletCustomer, lines: LedgerLine[]): Promise<void> {
  const { customerId, walletId, nickName, phoneNumber, openId, balance } = customer;
  await db.insertInto('biz_customer').values({ id: customerId, nickName, phoneNumber, openId }).execute();
  await db
    .insertInto('biz_wallet')
    .values({ id: walletId, customerId, amount: balance, personAmount: balance, platAmount: 0, createTime: now() })
    .execute();
  await db
    .insertInto('biz_ledger')
    .values(
      lines.map(({ kind, bizNo, personDelta, createTime }) => ({
        id: nextId(),
        account: walletId,
        kind,
        bizNo,
        personDelta,
        platDelta: 0,
        orderId: null,
        createTime: createTime ?? now(),
      })),
    )
    .execute();
}
