// The demo history's customers: each with a wallet, a first recharge when they first came, a second for some, and a
// withdrawal for every fifth (paid, rejected, or waiting for review when recent). They are drawn before the orders
// and written after them, so each is created just before their first rental and their wallet holds what its ledger
// says: recharges, less withdrawals not rejected, less the fees of the rentals paid from it.
import { nextId } from '../platform/db/ids.js';
import { formatDateTime } from '../platform/db/time.js';
import { DAY_MS, type Db, entry, insertAll, type Rows } from './demo-rows.js';

export interface DemoCustomer {
  id: number;
  walletId: number;
  nickName: string;
  phoneNumber: string;
  openId: string;
  recharge: number;
  withdrawal: number;
  /** Cents the wallet may still freeze for a rental: the first recharge less the withdrawal and every deposit frozen. */
  budget: number;
  /** Cents the wallet rentals kept (fees less refunds to the wallet). */
  spent: number;
  /** When the customer first rented, in ms. */
  firstSeen: number | null;
}

const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙'];
const ROLES = ['妈妈', '爸爸', '奶奶', '外婆', '爷爷'];
const PHONE_PREFIXES = ['139', '138', '186', '135', '158', '177'];
const WITHDRAWAL_PENDING = 0;
const WITHDRAWAL_PAID = 1;
const WITHDRAWAL_REJECTED = 2;

export function drawCustomers(count: number, random: () => number): DemoCustomer[] {
  // A run's own block of numbers, so running the generator again adds customers with other phones.
  const block = Math.floor(random() * 90_000) * 1000;
  return Array.from({ length: count }, (_, i) => {
    const recharge = (1 + Math.floor(random() * 10)) * 5000;
    const withdrawal = i % 5 === 0 ? 1000 + Math.floor(random() * (recharge / 2 - 1000)) : 0;
    const id = nextId();
    return {
      id,
      walletId: nextId(),
      // Names repeat (two 杨爸爸 are two people): staff tell customers apart by phone.
      nickName: `${SURNAMES[i % SURNAMES.length]}${ROLES[Math.floor(i / SURNAMES.length) % ROLES.length]}`,
      phoneNumber: `${PHONE_PREFIXES[i % PHONE_PREFIXES.length]}${String(10_000_000 + block + i).slice(-8)}`,
      openId: `o-demo-${id}`,
      recharge,
      withdrawal,
      budget: recharge - withdrawal,
      spent: 0,
      firstSeen: null,
    };
  });
}

/** Writes the customers, their wallets, recharges and withdrawals with their ledger entries. */
export async function writeCustomers(db: Db, customers: DemoCustomer[], random: () => number, days: number) {
  const now = Date.now();
  const rows = {
    customers: [] as Rows<'biz_customer'>,
    wallets: [] as Rows<'biz_wallet'>,
    recharges: [] as Rows<'biz_recharge'>,
    withdrawals: [] as Rows<'biz_withdrawal'>,
    ledger: [] as Rows<'biz_ledger'>,
  };
  const recharge = (customer: DemoCustomer, amount: number, at: string) => {
    const id = nextId();
    rows.recharges.push({
      id,
      rechargeNo: `C${id}`,
      customerId: customer.id,
      walletId: customer.walletId,
      amount,
      transactionId: `4200${id}`,
      state: 1,
      successTime: at,
      createTime: at,
    });
    rows.ledger.push(entry(customer.walletId, 'recharge', `C${id}`, amount, at));
  };
  customers.forEach((customer, i) => {
    const came = customer.firstSeen
      ? customer.firstSeen - (2 + random() * 30) * 60_000
      : now - random() * days * DAY_MS;
    const created = formatDateTime(new Date(came));
    const later = () => formatDateTime(new Date(came + random() * (now - came)));
    rows.customers.push({
      id: customer.id,
      nickName: customer.nickName,
      phoneNumber: customer.phoneNumber,
      openId: customer.openId,
      createTime: created,
    });
    recharge(customer, customer.recharge, created);
    let balance = customer.recharge - customer.spent;
    if (i % 4 === 1) {
      const again = (1 + Math.floor(random() * 4)) * 5000;
      recharge(customer, again, later());
      balance += again;
    }
    if (customer.withdrawal > 0) {
      const id = nextId();
      const outBatchNo = `W${id}`;
      // Staff review within the day: only a recent request still waits.
      const at = came + random() * (now - came);
      const state = now - at < 2 * DAY_MS ? WITHDRAWAL_PENDING : i % 3 === 0 ? WITHDRAWAL_REJECTED : WITHDRAWAL_PAID;
      const asked = formatDateTime(new Date(at));
      const reviewed = state === WITHDRAWAL_PENDING ? null : formatDateTime(new Date(at + 3 * 3600_000));
      rows.withdrawals.push({
        id,
        customerId: customer.id,
        walletId: customer.walletId,
        amount: customer.withdrawal,
        outBatchNo,
        batchId: state === WITHDRAWAL_PAID ? `1030${id}` : null,
        state,
        reason: state === WITHDRAWAL_REJECTED ? '账户信息不符' : null,
        auditTime: reviewed,
        createTime: asked,
      });
      rows.ledger.push(entry(customer.walletId, 'withdraw_freeze', outBatchNo, -customer.withdrawal, asked));
      if (state === WITHDRAWAL_REJECTED) {
        rows.ledger.push(
          entry(customer.walletId, 'withdraw_release', outBatchNo, customer.withdrawal, reviewed as string),
        );
      } else balance -= customer.withdrawal;
    }
    rows.wallets.push({
      id: customer.walletId,
      customerId: customer.id,
      amount: balance,
      personAmount: balance,
      platAmount: 0,
      createTime: created,
    });
  });
  await insertAll(db, 'biz_customer', rows.customers);
  await insertAll(db, 'biz_wallet', rows.wallets);
  await insertAll(db, 'biz_recharge', rows.recharges);
  await insertAll(db, 'biz_withdrawal', rows.withdrawals);
  await insertAll(db, 'biz_ledger', rows.ledger);
}
