// A day's bills beside our records, by the merchant's own numbers: the trade bill's payments (商户订单号) and refunds
// (商户退款单号), the fund flow's shares and payouts (业务凭证号; its 交易 and 退款 lines are the trade bill's again).
// Each line or record without its counterpart, or whose amount or state differs, is a difference:
// - 我方缺失 (ours missing): WeChat Pay has it, we have no such record at all;
// - 对方缺失 (theirs missing): we hold it as done that day, WeChat Pay's bill does not have it;
// - 金额不符: both have it, the amounts differ;
// - 状态不符: both have it, but one holds it done and the other does not (a refund we hold as refunded that the bill
//   shows still processing or closed, a payment the bill has that we hold unpaid).
// A bill line whose record sits on another day of ours (paid just before midnight, heard just after) is no difference.
import type { FundFlowRow, TradeBillRow } from '../payments/bill-file.js';
import type { Business, OurRecord } from './ours.js';

export const OURS_MISSING = 1;
export const THEIRS_MISSING = 2;
export const AMOUNT_DIFFERS = 3;
export const STATE_DIFFERS = 4;

export interface Difference {
  kind: number;
  business: Business;
  outNo: string;
  ourAmount: number | null;
  ourState: string | null;
  theirNo: string | null;
  theirAmount: number | null;
  theirState: string | null;
}

/** A bill line as compared: what the provider says of one number. */
interface TheirRecord {
  business: Business;
  outNo: string;
  theirNo: string;
  amount: number;
  state: string;
}

/** The fund-flow lines of shares and payouts; the others are the trade bill's or no business of ours. */
export function fundBusiness(row: FundFlowRow): Business | undefined {
  if (row.direction === '收入') return undefined;
  const words = `${row.name} ${row.type}`;
  if (words.includes('分账') && !words.includes('回退')) return 'split';
  if (words.includes('转账') || words.includes('企业付款')) return 'payout';
  return undefined;
}

export function theirsOf(trade: TradeBillRow[], fund: FundFlowRow[]): TheirRecord[] {
  const theirs: TheirRecord[] = trade.map((row) =>
    row.tradeState === 'REFUND'
      ? {
          business: 'refund',
          outNo: row.outRefundNo,
          theirNo: row.refundId,
          amount: row.refund,
          state: row.refundState || 'PROCESSING',
        }
      : { business: 'payment', outNo: row.outTradeNo, theirNo: row.transactionId, amount: row.total, state: 'SUCCESS' },
  );
  // A share to several receivers is a line each: summed by the share's number.
  const moved = new Map<string, TheirRecord>();
  for (const row of fund) {
    const business = fundBusiness(row);
    if (!business) continue;
    const key = `${business}|${row.voucherNo}`;
    const seen = moved.get(key);
    if (seen) seen.amount += row.amount;
    else
      moved.set(key, {
        business,
        outNo: row.voucherNo,
        theirNo: row.providerNo,
        amount: row.amount,
        state: 'FINISHED',
      });
  }
  return [...theirs, ...moved.values()];
}

/** Done as the provider's states go: a payment paid, a refund refunded, a share or a batch finished. */
const isDone = (state: string | null | undefined) => state === 'SUCCESS' || state === 'FINISHED';

export async function compare(
  theirs: TheirRecord[],
  ours: OurRecord[],
  recordOf: (business: Business, outNo: string) => Promise<OurRecord | undefined>,
): Promise<Difference[]> {
  const key = (business: string, outNo: string) => `${business}|${outNo}`;
  const ourByNo = new Map(ours.map((record) => [key(record.business, record.outNo), record]));
  const billed = new Set<string>();
  const differences: Difference[] = [];
  for (const their of theirs) {
    const k = key(their.business, their.outNo);
    billed.add(k);
    const our = ourByNo.get(k) ?? (await recordOf(their.business, their.outNo));
    const both = {
      business: their.business,
      outNo: their.outNo,
      ourAmount: our ? our.amount : null,
      ourState: our ? our.state : null,
      theirNo: their.theirNo || null,
      theirAmount: their.amount,
      theirState: their.state,
    };
    if (!our) differences.push({ kind: OURS_MISSING, ...both });
    else if (our.amount !== their.amount) differences.push({ kind: AMOUNT_DIFFERS, ...both });
    else if (our.state !== their.state && (isDone(our.state) || isDone(their.state))) {
      differences.push({ kind: STATE_DIFFERS, ...both });
    }
  }
  for (const our of ours) {
    if (billed.has(key(our.business, our.outNo))) continue;
    // A refund closed without the provider ever accepting it moved nothing, and no bill holds it; one still waiting
    // for the provider's acceptance is the recovery worker's (reconcile lists it when it waits too long).
    if (our.state === 'CLOSED' || our.state === 'PROCESSING') continue;
    differences.push({
      kind: THEIRS_MISSING,
      business: our.business,
      outNo: our.outNo,
      ourAmount: our.amount,
      ourState: our.state,
      theirNo: null,
      theirAmount: null,
      theirState: null,
    });
  }
  return differences;
}
