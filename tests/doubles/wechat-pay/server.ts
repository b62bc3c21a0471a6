// A local WeChat Pay v3 for the tests: an HTTP server on 127.0.0.1 speaking v3's wire. It refuses a request whose
// WECHATPAY2-SHA256-RSA2048 signature does not hold under the merchant certificate (401 SIGN_ERROR), signs its
// answers and notifications, and posts notifications to the notify URL until one is acknowledged. What it knows lives
// in its books (books.ts). Its mode is the merchant's on 商户平台:
// - `certificate`: signed with the platform certificate's key, which GET /v3/certificates serves sealed with the
//   APIv3 key;
// - `public-key`: signed with the 微信支付公钥's key, named `PUB_KEY_ID_…`; such a merchant has no platform
//   certificate, and GET /v3/certificates answers 404 RESOURCE_NOT_EXISTS as WeChat Pay does;
// - `switch-over`: the days of 平台证书切换微信支付公钥. An answer is signed with the public key when the request names
//   it in `Wechatpay-Serial` (with the certificate otherwise, or while the switch is not opened); notifications are
//   signed with either, here in turn (WeChat Pay raises the public key's share day by day).
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PaymentError, type SignedNotification } from '../../../server/money/payments/provider.js';
import type { AppContext } from '../../../server/platform/context.js';
import { DoubleBills } from './bills.js';
import { DoubleBooks, platformHeaders, seal } from './books.js';
import type { Signer, TestKeys } from './keys.js';
import { BATCHES_REFUSED, type Reply, type Route, transferBillRoutes } from './transfer-bills.js';

export type DoubleMode = 'certificate' | 'public-key' | 'switch-over';

type Json = Record<string, unknown>;

const SKEW_SECONDS = 300;
const NOT_FOUND = new Set(['ORDERNOTEXIST', 'ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND']);
const AUTHORIZATION = /^WECHATPAY2-SHA256-RSA2048 (.+)$/;

const ok = (body?: Json): Reply => ({ status: body ? 200 : 204, body });
const cents = (object: unknown, key: string) => Number((object as Json | undefined)?.[key] ?? Number.NaN);

export class WechatPayDouble {
  /** The books, once attached to the database they keep in. */
  books: DoubleBooks | undefined;
  /** Every request that reached a route, signed correctly: method and path. */
  readonly requests: string[] = [];
  /** Where notifications go; the last notify_url a request named. */
  notifyUrl = '';
  /** The `Wechatpay-Serial` each of those requests named, empty when none. */
  readonly namedKeys: string[] = [];
  /** Someone on the way changing an answer after it was signed, as tests set it. */
  alterAnswers: ((body: string) => string) | undefined;
  /** Someone answering in WeChat Pay's place with a key of their own, as tests set it. */
  impostor: Signer | undefined;
  /** In a switch-over: whether the merchant has opened it, so that answers to requests naming the key use it. */
  switchOpened = true;
  /** The daily bills and their downloads (bills.ts), where a test plants a difference. */
  readonly bills: DoubleBills;
  /** A merchant who opened 商家转账 since 2025-01-15: transfer batches are refused, transfer bills served. */
  newMerchant = false;
  /** Every payee name a transfer bill carried, decrypted. */
  readonly payeeNames: string[] = [];
  private notifications = 0;
  private readonly server: http.Server;
  private timer: NodeJS.Timeout | undefined;

  private constructor(
    readonly keys: TestKeys,
    readonly mode: DoubleMode,
  ) {
    this.bills = new DoubleBills(
      () => this.books!,
      () => this.baseUrl,
      { mchId: keys.mchId, appId: keys.appId },
    );
    this.server = http.createServer((request, response) => {
      this.handle(request, response).catch((error: unknown) => {
        response.writeHead(500, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ code: 'SYSTEM_ERROR', message: String(error) }));
      });
    });
  }

  static async start(keys: TestKeys, mode: DoubleMode = 'certificate'): Promise<WechatPayDouble> {
    const double = new WechatPayDouble(keys, mode);
    await new Promise<void>((resolve) => double.server.listen(0, '127.0.0.1', resolve));
    return double;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Keeps the books in `ctx`'s database (the sandbox's table), with the merchant balance given. */
  attach(ctx: AppContext, balance: number): DoubleBooks {
    this.books = new DoubleBooks(ctx, { delayMs: 0, balance }, this.keys, () => this.notificationSigner());
    return this.books;
  }

  private notificationSigner(): Signer {
    if (this.mode === 'switch-over') {
      this.notifications += 1;
      return this.notifications % 2 === 1 ? this.keys.publicKey : this.keys.platform;
    }
    return this.mode === 'public-key' ? this.keys.publicKey : this.keys.platform;
  }

  private answerSigner(named: string): Signer {
    if (this.impostor) return this.impostor;
    if (this.mode === 'switch-over') {
      return this.switchOpened && named === this.keys.publicKey.serial ? this.keys.publicKey : this.keys.platform;
    }
    return this.mode === 'public-key' ? this.keys.publicKey : this.keys.platform;
  }

  /**
   * Posts every notification due to the notify URL; an answer of 200 or 204 acknowledges it, anything else (or no
   * answer) leaves it for the next attempt after v3's back-off. Answers the HTTP status of each post.
   */
  async push(at = new Date()): Promise<number[]> {
    const statuses: number[] = [];
    for (const notification of await this.books!.deliverDue(at)) {
      const status = await this.post(notification);
      statuses.push(status);
      if (status === 200 || status === 204) await this.books!.acknowledge(notification);
    }
    return statuses;
  }

  private async post(notification: SignedNotification): Promise<number> {
    try {
      const answer = await fetch(this.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...notification.headers },
        body: notification.body,
      });
      await answer.arrayBuffer();
      return answer.status;
    } catch {
      return 0;
    }
  }

  /** For development: pushes every `intervalMs` on its own, as the platform does. */
  pushEvery(intervalMs: number): void {
    this.timer = setInterval(() => void this.push().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', 'http://double');
    const method = request.method ?? 'GET';
    const named = String(request.headers['wechatpay-serial'] ?? '');
    let reply: Reply;
    if (!this.signedByMerchant(request, method, `${url.pathname}${url.search}`, text)) {
      reply = { status: 401, body: { code: 'SIGN_ERROR', message: '签名错误' } };
    } else {
      reply = await this.route(method, url, text, named);
    }
    if (reply.file) {
      // v3 signs no file: the bill's hash in the signed answer before it is what vouches for it.
      response.writeHead(reply.status, {
        'content-type': 'application/octet-stream',
        'request-id': crypto.randomUUID(),
      });
      response.end(reply.file);
      return;
    }
    const body = reply.body ? JSON.stringify(reply.body) : '';
    response.writeHead(reply.status, {
      ...(body ? { 'content-type': 'application/json' } : {}),
      'request-id': crypto.randomUUID(),
      ...platformHeaders(this.answerSigner(named), body),
    });
    response.end(this.alterAnswers ? this.alterAnswers(body) : body);
  }

  /** v3's request signature: method, path with query, timestamp, nonce and body, with the merchant's API key. */
  private signedByMerchant(request: http.IncomingMessage, method: string, target: string, body: string): boolean {
    const match = AUTHORIZATION.exec(request.headers.authorization ?? '');
    if (!match) return false;
    const fields = Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map(([, key, value]) => [key, value]));
    if (fields.mchid !== this.keys.mchId || fields.serial_no !== this.keys.merchant.serial) return false;
    if (Math.abs(Date.now() / 1000 - Number(fields.timestamp)) > SKEW_SECONDS) return false;
    const message = `${method}\n${target}\n${fields.timestamp}\n${fields.nonce_str}\n${body}\n`;
    return crypto
      .createVerify('RSA-SHA256')
      .update(message)
      .verify(this.keys.merchant.certificate.publicKey, fields.signature ?? '', 'base64');
  }

  private async route(method: string, url: URL, text: string, named: string): Promise<Reply> {
    let body: Json = {};
    try {
      body = text ? (JSON.parse(text) as Json) : {};
    } catch {
      return { status: 400, body: { code: 'PARAM_ERROR', message: '请求体不是合法的 JSON' } };
    }
    for (const [verb, pattern, handler] of this.routes) {
      const match = method === verb ? pattern.exec(url.pathname) : null;
      if (!match) continue;
      this.requests.push(`${method} ${url.pathname}`);
      this.namedKeys.push(named);
      if (typeof body.notify_url === 'string') this.notifyUrl = body.notify_url;
      try {
        return await handler(match.map(decodeURIComponent) as RegExpMatchArray, body, url.searchParams, named);
      } catch (error) {
        if (!(error instanceof PaymentError)) throw error;
        return { status: NOT_FOUND.has(error.code) ? 404 : 400, body: { code: error.code, message: error.message } };
      }
    }
    return { status: 404, body: { code: 'NOT_FOUND', message: '接口不存在' } };
  }

  private readonly routes: [string, RegExp, Route][] = [
    ['GET', /^\/v3\/certificates$/, async () => this.certificates()],
    ['GET', /^\/v3\/bill\/tradebill$/, async (_m, _b, q) => this.bills.link('trade', q)],
    ['GET', /^\/v3\/bill\/fundflowbill$/, async (_m, _b, q) => this.bills.link('fundflow', q)],
    ['GET', /^\/v3\/billdownload\/file$/, async (_m, _b, q) => this.bills.file(q)],
    [
      'POST',
      /^\/v3\/pay\/transactions\/jsapi$/,
      async (_m, b) => {
        this.check(b.appid === this.keys.appId && b.mchid === this.keys.mchId, 'appid 或 mchid 不正确');
        const { prepayId } = await this.books!.prepay({
          outTradeNo: String(b.out_trade_no),
          total: cents(b.amount, 'total'),
          description: String(b.description),
          payerOpenId: String((b.payer as Json)?.openid),
        });
        return ok({ prepay_id: prepayId });
      },
    ],
    [
      'GET',
      /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/,
      async (m) => {
        const t = await this.books!.query(m[1]);
        return ok({
          appid: this.keys.appId,
          mchid: this.keys.mchId,
          out_trade_no: t.outTradeNo,
          ...(t.tradeState === 'SUCCESS' ? { transaction_id: t.transactionId } : {}),
          trade_state: t.tradeState,
          amount: { total: t.total, currency: 'CNY' },
        });
      },
    ],
    [
      'POST',
      /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/,
      async (m) => {
        await this.books!.close(m[1]);
        return ok();
      },
    ],
    [
      'POST',
      /^\/v3\/refund\/domestic\/refunds$/,
      async (_m, b) =>
        ok(
          wireRefund(
            await this.books!.refund({
              outTradeNo: String(b.out_trade_no),
              outRefundNo: String(b.out_refund_no),
              refund: cents(b.amount, 'refund'),
              total: cents(b.amount, 'total'),
              reason: typeof b.reason === 'string' ? b.reason : undefined,
            }),
          ),
        ),
    ],
    [
      'GET',
      /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/,
      async (m) => ok(wireRefund(await this.books!.queryRefund(m[1]))),
    ],
    [
      'POST',
      /^\/v3\/transfer\/batches$/,
      async (_m, b) => {
        if (this.newMerchant) return BATCHES_REFUSED;
        this.check(b.appid === this.keys.appId, 'appid 不正确');
        const details = (b.transfer_detail_list as Json[]) ?? [];
        this.check(details.length === b.total_num, '转账总笔数与明细笔数不一致');
        const batch = await this.books!.transfer({
          outBatchNo: String(b.out_batch_no),
          batchName: String(b.batch_name),
          batchRemark: String(b.batch_remark),
          totalAmount: Number(b.total_amount),
          details: details.map((d) => ({
            outDetailNo: String(d.out_detail_no),
            transferAmount: Number(d.transfer_amount),
            transferRemark: String(d.transfer_remark),
            openId: String(d.openid),
          })),
        });
        return ok({
          out_batch_no: batch.outBatchNo,
          batch_id: batch.batchId,
          create_time: new Date().toISOString(),
          batch_status: batch.batchStatus,
        });
      },
    ],
    [
      'GET',
      /^\/v3\/transfer\/batches\/out-batch-no\/([^/]+)$/,
      async (m) => {
        const batch = await this.books!.queryTransfer(m[1]);
        const paid = batch.batchStatus === 'FINISHED' ? batch.totalAmount : 0;
        return ok({
          transfer_batch: {
            mchid: this.keys.mchId,
            out_batch_no: batch.outBatchNo,
            batch_id: batch.batchId,
            appid: this.keys.appId,
            batch_status: batch.batchStatus,
            total_amount: batch.totalAmount,
            success_amount: paid,
            fail_amount: batch.batchStatus === 'CLOSED' ? batch.totalAmount : 0,
          },
        });
      },
    ],
    [
      'POST',
      /^\/v3\/profitsharing\/orders$/,
      async (_m, b) => {
        const order = await this.books!.share({
          transactionId: String(b.transaction_id),
          outOrderNo: String(b.out_order_no),
          receivers: (b.receivers as Json[]).map((r) => ({
            type: r.type as 'MERCHANT_ID',
            account: String(r.account),
            amount: Number(r.amount),
            description: String(r.description),
          })),
          unfreezeUnsplit: b.unfreeze_unsplit === true,
        });
        return ok(this.wireSharing(order));
      },
    ],
    [
      'GET',
      /^\/v3\/profitsharing\/orders\/([^/]+)$/,
      async (m, _b, q) => {
        const order = await this.books!.queryShare(m[1]);
        this.check(order.transactionId === q.get('transaction_id'), 'transaction_id 与分账单不一致');
        return ok(this.wireSharing(order));
      },
    ],
    [
      'POST',
      /^\/v3\/payscore\/serviceorder$/,
      async (_m, b) =>
        ok(
          wireServiceOrder(
            await this.books!.createServiceOrder({
              outOrderNo: String(b.out_order_no),
              serviceIntroduction: String(b.service_introduction),
              riskAmount: cents(b.risk_fund, 'amount'),
              openId: String(b.openid),
            }),
          ),
        ),
    ],
    [
      'GET',
      /^\/v3\/payscore\/serviceorder$/,
      async (_m, _b, q) => ok(wireServiceOrder(await this.books!.queryServiceOrder(q.get('out_order_no') ?? ''))),
    ],
    [
      'POST',
      /^\/v3\/payscore\/serviceorder\/([^/]+)\/cancel$/,
      async (m, b) => {
        this.check(typeof b.reason === 'string', 'reason 不能为空');
        await this.books!.cancelServiceOrder(m[1]);
        return ok({ out_order_no: m[1], appid: this.keys.appId, mchid: this.keys.mchId });
      },
    ],
    [
      'POST',
      /^\/v3\/payscore\/serviceorder\/([^/]+)\/complete$/,
      async (m, b) => ok(wireServiceOrder(await this.books!.completeServiceOrder(m[1], Number(b.total_amount)))),
    ],
    ...transferBillRoutes({ keys: () => this.keys, books: () => this.books!, payeeNames: this.payeeNames }),
  ];

  /** The customer confirms receipt of a transfer bill in the mini-program (wx.requestMerchantTransfer). */
  confirmTransfer(outBillNo: string): Promise<void> {
    return this.books!.answerBill(outBillNo, 'SUCCESS');
  }

  /** The customer lets the confirmation window pass: WeChat Pay cancels the bill. */
  expireTransfer(outBillNo: string): Promise<void> {
    return this.books!.answerBill(outBillNo, 'CANCELLED');
  }

  private check(condition: boolean, message: string): void {
    if (!condition) throw new PaymentError('PARAM_ERROR', message);
  }

  private certificates(): Reply {
    if (this.mode === 'public-key') {
      return {
        status: 404,
        body: { code: 'RESOURCE_NOT_EXISTS', message: '无可用的平台证书,请在商户平台-API安全申请使用微信支付公钥' },
      };
    }
    const { certificate, serial } = this.keys.platform;
    return ok({
      data: [
        {
          serial_no: serial,
          effective_time: new Date(certificate.validFrom).toISOString(),
          expire_time: new Date(certificate.validTo).toISOString(),
          encrypt_certificate: seal(this.keys.apiV3Key, certificate.toString(), 'certificate'),
        },
      ],
    });
  }

  private wireSharing(order: {
    outOrderNo: string;
    orderId: string;
    transactionId: string;
    state: string;
    amount: number;
  }) {
    const result = order.state === 'PROCESSING' ? 'PENDING' : order.state === 'CLOSED' ? 'CLOSED' : 'SUCCESS';
    return {
      transaction_id: order.transactionId,
      out_order_no: order.outOrderNo,
      order_id: order.orderId,
      state: order.state === 'PROCESSING' ? 'PROCESSING' : 'FINISHED',
      receivers: [{ type: 'MERCHANT_ID', account: this.keys.mchId, amount: order.amount, result }],
    };
  }
}

const wireRefund = (r: Awaited<ReturnType<DoubleBooks['refund']>>) => ({
  refund_id: r.refundId,
  out_refund_no: r.outRefundNo,
  out_trade_no: r.outTradeNo,
  channel: r.channel,
  user_received_account: r.userReceivedAccount,
  status: r.status,
  amount: { refund: r.refund, currency: 'CNY' },
});

const wireServiceOrder = (o: Awaited<ReturnType<DoubleBooks['queryServiceOrder']>>) => ({
  out_order_no: o.outOrderNo,
  order_id: o.orderId,
  state: o.state,
  risk_fund: { name: 'DEPOSIT', amount: o.riskAmount },
  total_amount: o.totalAmount,
  package: o.package,
  ...(o.collectionState
    ? {
        collection: {
          state: o.collectionState,
          details: o.transactionId ? [{ transaction_id: o.transactionId, amount: o.totalAmount }] : [],
        },
      }
    : {}),
});
