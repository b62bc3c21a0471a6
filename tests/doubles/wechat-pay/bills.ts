// The double's daily bills: GET /v3/bill/tradebill and /v3/bill/fundflowbill answer {hash_type, hash_value,
// download_url} for the bill its books make of the day (the sandbox's rules, sandbox-bills.ts), and
// GET /v3/billdownload/file serves the file, unsigned and gzipped when tar_type=GZIP was asked, as v3 does; the hash
// is the SHA1 of the unzipped file. A test plants what WeChat Pay's books would hold differently (a payment only it
// has, an amount that differs, a refund it lacks), or changes the file on the way after its hash was given.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import {
  type BillKind,
  type FundFlowRow,
  readFundFlowBill,
  readTradeBill,
  type TradeBillRow,
  writeFundFlowBill,
  writeTradeBill,
} from '../../../server/money/payments/bill-file.js';
import type { DoubleBooks } from './books.js';

type Json = Record<string, unknown>;
interface Reply {
  status: number;
  body?: Json;
  file?: Buffer;
}

export class DoubleBills {
  /** What WeChat Pay's trade bill holds differently from the books, as a test plants it. */
  trade: ((rows: TradeBillRow[]) => TradeBillRow[]) | undefined;
  /** What its fund-flow bill holds differently. */
  fund: ((rows: FundFlowRow[]) => FundFlowRow[]) | undefined;
  /** Someone on the way changing the file after its hash was given. */
  tamper: ((file: Buffer) => Buffer) | undefined;
  /** Every bill asked for: `trade 2026-12-06`. */
  readonly asked: string[] = [];
  private readonly files = new Map<string, Buffer>();

  constructor(
    private readonly books: () => DoubleBooks,
    private readonly baseUrl: () => string,
    private readonly merchant: { mchId: string; appId: string },
  ) {}

  /** Plants nothing any more. */
  reset(): void {
    this.trade = undefined;
    this.fund = undefined;
    this.tamper = undefined;
  }

  async link(kind: BillKind, query: URLSearchParams): Promise<Reply> {
    const day = query.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      return { status: 400, body: { code: 'PARAM_ERROR', message: 'bill_date 格式不正确' } };
    }
    if (kind === 'fundflow' && (query.get('account_type') ?? 'BASIC') !== 'BASIC') {
      return { status: 400, body: { code: 'PARAM_ERROR', message: '仅支持基本账户' } };
    }
    this.asked.push(`${kind} ${day}`);
    const text = await this.text(kind, day);
    const plain = Buffer.from(text, 'utf8');
    const gzip = query.get('tar_type') === 'GZIP';
    const token = crypto.randomBytes(24).toString('base64url');
    const served = gzip ? zlib.gzipSync(plain) : plain;
    this.files.set(token, this.tamper ? this.tamper(served) : served);
    return {
      status: 200,
      body: {
        hash_type: 'SHA1',
        hash_value: crypto.createHash('sha1').update(plain).digest('hex'),
        download_url: `${this.baseUrl()}/v3/billdownload/file?token=${token}${gzip ? '&tartype=gzip' : ''}`,
      },
    };
  }

  file(query: URLSearchParams): Reply {
    const file = this.files.get(query.get('token') ?? '');
    if (!file) return { status: 400, body: { code: 'INVALID_REQUEST', message: '下载链接过期,请重新请求文件下载' } };
    this.files.delete(query.get('token') ?? '');
    return { status: 200, file };
  }

  private async text(kind: BillKind, day: string): Promise<string> {
    const made = await this.books().downloadBill(kind, day);
    if (kind === 'trade') {
      return this.trade
        ? writeTradeBill(this.merchant.mchId, this.merchant.appId, this.trade(readTradeBill(made)))
        : made;
    }
    return this.fund ? writeFundFlowBill(this.fund(readFundFlowBill(made)), 0) : made;
  }
}
