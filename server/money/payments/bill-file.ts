// WeChat Pay's daily bill files as v3 serves them (docs/orders-and-money.md, Bills): comma-separated, a header row,
// detail rows whose every field starts with a backtick (so a spreadsheet keeps long numbers as text), then a summary
// header and its row. Amounts are yuan with two decimals. The trade bill (bill_type=ALL) holds the day's payments
// (交易状态 SUCCESS, by their success time) and refunds (交易状态 REFUND, by the time the refund was accepted, with
// the refund's state when the bill was made); the fund-flow bill (account_type=BASIC) every movement of the basic
// account. Read by header name, since WeChat Pay does not promise the columns' order. Columns as documented on
// pay.weixin.qq.com (format-trade, chapter7_3_9) and as other merchants' parsers name them.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export type BillKind = 'trade' | 'fundflow';

/** The ALL trade bill's detail columns, in WeChat Pay's order. */
export const TRADE_COLUMNS = [
  '交易时间',
  '公众账号ID',
  '商户号',
  '特约商户号',
  '设备号',
  '微信订单号',
  '商户订单号',
  '用户标识',
  '交易类型',
  '交易状态',
  '付款银行',
  '货币种类',
  '应结订单金额',
  '代金券金额',
  '微信退款单号',
  '商户退款单号',
  '退款金额',
  '充值券退款金额',
  '退款类型',
  '退款状态',
  '商品名称',
  '商户数据包',
  '手续费',
  '费率',
  '订单金额',
  '申请退款金额',
  '费率备注',
] as const;

export const TRADE_SUMMARY_COLUMNS = [
  '总交易单数',
  '应结订单总金额',
  '退款总金额',
  '充值券退款总金额',
  '手续费总金额',
  '订单总金额',
  '申请退款总金额',
] as const;

/** The fund-flow bill's detail columns. */
export const FUND_COLUMNS = [
  '记账时间',
  '微信支付业务单号',
  '资金流水单号',
  '业务名称',
  '业务类型',
  '收支类型',
  '收支金额(元)',
  '账户结余(元)',
  '资金变更提交申请人',
  '备注',
  '业务凭证号',
] as const;

export const FUND_SUMMARY_COLUMNS = ['资金流水总笔数', '收入笔数', '收入金额', '支出笔数', '支出金额'] as const;

/** A payment (state SUCCESS) or a refund (state REFUND) of the trade bill, amounts in cents. */
export interface TradeBillRow {
  time: string;
  transactionId: string;
  outTradeNo: string;
  /** SUCCESS for a payment, REFUND for a refund. */
  tradeState: string;
  /** The payment's 订单金额. */
  total: number;
  refundId: string;
  outRefundNo: string;
  /** The refund's 申请退款金额. */
  refund: number;
  /** SUCCESS, PROCESSING, CLOSED or ABNORMAL, as the refund stood when the bill was made. */
  refundState: string;
  description: string;
}

/** A movement of the basic account; `amount` in cents, positive whichever its direction says. */
export interface FundFlowRow {
  time: string;
  /** 微信支付业务单号: the provider's number of what moved the money. */
  providerNo: string;
  flowNo: string;
  /** 业务名称 and 业务类型, as WeChat Pay words them (交易, 退款, 分账, 企业付款 …). */
  name: string;
  type: string;
  /** 收入 or 支出. */
  direction: string;
  amount: number;
  /** 业务凭证号: the merchant's own number (the split's out_order_no, the batch's out_batch_no). */
  voucherNo: string;
}

export const yuan = (cents: number): string => (cents / 100).toFixed(2);

/** `¥` amounts in yuan, to whole cents; a field that is no amount is refused rather than read as 0. */
export function centsOf(text: string): number {
  const plain = text.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(plain)) throw new BillFormatError(`金额格式错误: ${plain.slice(0, 20)}`);
  const [whole, fraction = ''] = plain.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return plain.startsWith('-') ? -cents : cents;
}

/** A bill that is not in WeChat Pay's format: nothing of it is believed. */
export class BillFormatError extends Error {}

const mark = (value: string | number) => `\`${value}`;

/** A bill file as WeChat Pay writes it: the detail header and rows, then the summary header and row. */
function billText(columns: readonly string[], rows: string[][], summaryColumns: readonly string[], summary: string[]) {
  return stringify([[...columns], ...rows.map((row) => row.map(mark)), [...summaryColumns], summary.map(mark)], {
    record_delimiter: '\r\n',
  });
}

export function writeTradeBill(mchId: string, appId: string, rows: TradeBillRow[]): string {
  const detail = rows.map((row) => {
    const refund = row.tradeState === 'REFUND';
    const byColumn: Record<(typeof TRADE_COLUMNS)[number], string> = {
      交易时间: row.time,
      公众账号ID: appId,
      商户号: mchId,
      特约商户号: '0',
      设备号: '',
      微信订单号: row.transactionId,
      商户订单号: row.outTradeNo,
      用户标识: '',
      交易类型: 'JSAPI',
      交易状态: row.tradeState,
      付款银行: 'OTHERS',
      货币种类: 'CNY',
      应结订单金额: refund ? '0.00' : yuan(row.total),
      代金券金额: '0.00',
      微信退款单号: refund ? row.refundId : '0',
      商户退款单号: refund ? row.outRefundNo : '0',
      退款金额: refund ? yuan(row.refund) : '0.00',
      充值券退款金额: '0.00',
      退款类型: refund ? 'ORIGINAL' : '',
      退款状态: refund ? row.refundState : '',
      商品名称: row.description,
      商户数据包: '',
      手续费: '0.00',
      费率: '0.60%',
      订单金额: refund ? '0.00' : yuan(row.total),
      申请退款金额: refund ? yuan(row.refund) : '0.00',
      费率备注: '',
    };
    return TRADE_COLUMNS.map((column) => byColumn[column]);
  });
  const paid = rows.filter((row) => row.tradeState !== 'REFUND').reduce((sum, row) => sum + row.total, 0);
  const refunded = rows.filter((row) => row.tradeState === 'REFUND').reduce((sum, row) => sum + row.refund, 0);
  const summary = [String(rows.length), yuan(paid), yuan(refunded), '0.00', '0.00', yuan(paid), yuan(refunded)];
  return billText(TRADE_COLUMNS, detail, TRADE_SUMMARY_COLUMNS, summary);
}

export function writeFundFlowBill(rows: FundFlowRow[], openingBalance: number): string {
  let balance = openingBalance;
  const detail = rows.map((row) => {
    balance += row.direction === '收入' ? row.amount : -row.amount;
    return [
      row.time,
      row.providerNo,
      row.flowNo,
      row.name,
      row.type,
      row.direction,
      yuan(row.amount),
      yuan(balance),
      '系统',
      '',
      row.voucherNo,
    ];
  });
  const income = rows.filter((row) => row.direction === '收入');
  const spent = rows.filter((row) => row.direction !== '收入');
  const sum = (list: FundFlowRow[]) => yuan(list.reduce((total, row) => total + row.amount, 0));
  const summary = [String(rows.length), String(income.length), sum(income), String(spent.length), sum(spent)];
  return billText(FUND_COLUMNS, detail, FUND_SUMMARY_COLUMNS, summary);
}

/** The detail rows of a bill by their header's names, the backtick taken off; the summary is checked, not kept. */
function detailOf(text: string, firstColumn: string, summaryFirst: string): Array<Record<string, string>> {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, ''), { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new BillFormatError(`账单格式错误: ${(error as Error).message}`);
  }
  const [named, ...rest] = records;
  // Full-width brackets (收支金额（元）) read as the half-width ones.
  const header = named?.map((name) => name.replace(/（/g, '(').replace(/）/g, ')'));
  if (!header || header[0] !== firstColumn) throw new BillFormatError('账单格式错误: 没有表头');
  const end = rest.findIndex((row) => row[0] === summaryFirst);
  if (end < 0) throw new BillFormatError('账单格式错误: 没有汇总数据');
  const rows = rest
    .slice(0, end)
    .map((row) => Object.fromEntries(header.map((name, index) => [name, (row[index] ?? '').replace(/^`/, '')])));
  const count = Number((rest[end + 1]?.[0] ?? '').replace(/^`/, ''));
  if (count !== rows.length) throw new BillFormatError(`账单格式错误: 明细 ${rows.length} 笔, 汇总 ${count} 笔`);
  return rows;
}

export function readTradeBill(text: string): TradeBillRow[] {
  return detailOf(text, '交易时间', '总交易单数').map((row) => {
    const refund = row.交易状态 === 'REFUND';
    return {
      time: row.交易时间,
      transactionId: row.微信订单号,
      outTradeNo: row.商户订单号,
      tradeState: row.交易状态,
      total: refund ? 0 : centsOf(row.订单金额 || row.应结订单金额),
      refundId: refund ? row.微信退款单号 : '',
      outRefundNo: refund ? row.商户退款单号 : '',
      refund: refund ? centsOf(row.申请退款金额 || row.退款金额) : 0,
      refundState: refund ? row.退款状态 : '',
      description: row.商品名称 ?? '',
    };
  });
}

export function readFundFlowBill(text: string): FundFlowRow[] {
  return detailOf(text, '记账时间', '资金流水总笔数').map((row) => ({
    time: row.记账时间,
    providerNo: row.微信支付业务单号,
    flowNo: row.资金流水单号,
    name: row.业务名称,
    type: row.业务类型,
    direction: row.收支类型,
    amount: Math.abs(centsOf(row['收支金额(元)'])),
    voucherNo: row.业务凭证号,
  }));
}
