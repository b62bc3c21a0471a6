// The payment sandbox's daily bills, made from its own records (biz_pay_sim) in WeChat Pay's file format, so
// development and the tests' double reconcile against the same screen as production. A payment is billed on the day
// it was paid, a refund on the day it was accepted (with its state now), a share and a transfer batch on the day
// they finished; the fund flow holds every movement of the basic account.
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { type BillKind, type FundFlowRow, type TradeBillRow, writeFundFlowBill, writeTradeBill } from './bill-file.js';

export interface BillMerchant {
  mchId: string;
  appId: string;
}

interface SimRow {
  kind: string;
  outNo: string;
  outTradeNo: string;
  providerNo: string;
  amount: number;
  state: string;
  createTime: string;
  finishTime?: string | null;
}

export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

export async function sandboxBill(
  db: Kysely<Database>,
  kind: BillKind,
  day: string,
  merchant: BillMerchant,
): Promise<string> {
  const from = `${day} 00:00:00`;
  const to = `${nextDay(day)} 00:00:00`;
  const rows = (await db
    .selectFrom('biz_pay_sim')
    .select(['kind', 'outNo', 'outTradeNo', 'providerNo', 'amount', 'state', 'createTime', 'finishTime'])
    .where((eb) =>
      eb.or([
        eb.and([
          eb('kind', 'in', ['pay', 'share', 'transfer']),
          eb('finishTime', '>=', from),
          eb('finishTime', '<', to),
        ]),
        eb.and([eb('kind', '=', 'refund'), eb('createTime', '>=', from), eb('createTime', '<', to)]),
      ]),
    )
    .execute()) as SimRow[];
  const timeOf = (row: SimRow) => String((row.kind === 'refund' ? row.createTime : row.finishTime) ?? row.createTime);
  rows.sort((a, b) => timeOf(a).localeCompare(timeOf(b)));
  const payments = new Map<string, string>();
  for (const pay of await paymentsOf(db, rows)) payments.set(pay.outTradeNo, pay.providerNo);
  if (kind === 'trade') {
    const trade: TradeBillRow[] = [];
    for (const row of rows) {
      const amount = Number(row.amount);
      const base = { time: timeOf(row), outTradeNo: row.outTradeNo, description: '' };
      if (row.kind === 'pay' && row.state === 'SUCCESS') {
        trade.push({
          ...base,
          transactionId: row.providerNo,
          tradeState: 'SUCCESS',
          total: amount,
          refundId: '',
          outRefundNo: '',
          refund: 0,
          refundState: '',
        });
      } else if (row.kind === 'refund') {
        trade.push({
          ...base,
          transactionId: payments.get(row.outTradeNo) ?? '',
          tradeState: 'REFUND',
          total: 0,
          refundId: row.providerNo,
          outRefundNo: row.outNo,
          refund: amount,
          refundState: row.state,
        });
      }
    }
    return writeTradeBill(merchant.mchId, merchant.appId, trade);
  }
  const flow: FundFlowRow[] = [];
  for (const row of rows) {
    const amount = Number(row.amount);
    const base = { time: timeOf(row), providerNo: row.providerNo, flowNo: `${row.providerNo}01`, amount };
    if (row.kind === 'pay' && row.state === 'SUCCESS') {
      flow.push({ ...base, name: '交易', type: '交易', direction: '收入', voucherNo: row.outTradeNo });
    } else if (row.kind === 'refund' && row.state !== 'CLOSED') {
      flow.push({ ...base, name: '退款', type: '退款', direction: '支出', voucherNo: row.outNo });
    } else if (row.kind === 'share' && row.state === 'FINISHED') {
      flow.push({ ...base, name: '分账', type: '分账', direction: '支出', voucherNo: row.outNo });
    } else if (row.kind === 'transfer' && row.state === 'FINISHED') {
      flow.push({ ...base, name: '商家转账', type: '企业付款', direction: '支出', voucherNo: row.outNo });
    }
  }
  return writeFundFlowBill(flow, 0);
}

/** The payments the day's refunds belong to, for their 微信订单号. */
async function paymentsOf(db: Kysely<Database>, rows: SimRow[]) {
  const trades = [...new Set(rows.filter((row) => row.kind === 'refund').map((row) => row.outTradeNo))];
  if (trades.length === 0) return [];
  return db
    .selectFrom('biz_pay_sim')
    .select(['outTradeNo', 'providerNo'])
    .where('kind', '=', 'pay')
    .where('outTradeNo', 'in', trades)
    .execute();
}
