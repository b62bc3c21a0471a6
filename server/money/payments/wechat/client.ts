// WeChat Pay v3 behind PaymentProvider: JSAPI payments for the mini-program, refunds, transfers to change
// (商家转账 bills, transfer-bills.ts, or the legacy 商家转账到零钱 batches), profit sharing (分账), pay-score service orders, and the notifications of their results.
import type crypto from 'node:crypto';
import { Aes, Formatter, Rsa } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../platform/config.js';
import type { AppContext } from '../../../platform/context.js';
import type { BillKind } from '../bill-file.js';
import { spendNonce } from '../nonces.js';
import {
  type NotificationEvent,
  PaymentError,
  type PaymentProvider,
  type PayParams,
  type PrepayRequest,
  type Refund,
  type RefundRequest,
  type ServiceOrder,
  type ServiceOrderRequest,
  type SharingOrder,
  type SharingRequest,
  type SignedNotification,
  type Transaction,
  type TransferBatch,
  type TransferBill,
  type TransferBillRequest,
  type TransferRequest,
} from '../provider.js';
import { MALFORMED, readEvent } from '../wire-event.js';
import { WechatPayApi } from './api.js';
import { downloadBill } from './bills.js';
import { cancelTransferBill, queryTransferBill, transferBill } from './transfer-bills.js';
import { type Json, refundOf, serviceOrderOf, sharingOf, transactionOf, transferOf } from './wire.js';

/** How WeChat Pay names a public key in `Wechatpay-Serial`; a platform certificate is named by its serial number. */
const PUBLIC_KEY_ID = 'PUB_KEY_ID_';
/** v3 refuses a notification whose timestamp is further than this from now; so does the server. */
const SKEW_SECONDS = 300;

const path = (...parts: string[]) => parts.map(encodeURIComponent).join('/');

export class WechatPayClient implements PaymentProvider {
  private readonly api: WechatPayApi;
  private readonly privateKey: crypto.KeyObject;

  constructor(
    private readonly ctx: AppContext,
    private readonly config: WechatPayConfig,
  ) {
    this.api = new WechatPayApi(config);
    this.privateKey = Rsa.from(`file://${config.privateKeyFile}`, Rsa.KEY_TYPE_PRIVATE);
  }

  async prepay(request: PrepayRequest): Promise<{ prepayId: string }> {
    const { data } = await this.api.request<{ prepay_id: string }>('POST', 'v3/pay/transactions/jsapi', {
      appid: this.config.appId,
      mchid: this.config.mchId,
      description: request.description,
      out_trade_no: request.outTradeNo,
      notify_url: this.config.notifyUrl,
      amount: { total: request.total, currency: 'CNY' },
      payer: { openid: request.payerOpenId },
    });
    return { prepayId: data.prepay_id };
  }

  /** wx.requestPayment's parameters: the package signed with the merchant key over appid, timestamp, nonce, package. */
  payParams(prepayId: string): PayParams {
    const timeStamp = String(Formatter.timestamp());
    const nonceStr = Formatter.nonce();
    const pkg = `prepay_id=${prepayId}`;
    const paySign = Rsa.sign(Formatter.joinedByLineFeed(this.config.appId, timeStamp, nonceStr, pkg), this.privateKey);
    return { appId: this.config.appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  async query(outTradeNo: string): Promise<Transaction> {
    const { data } = await this.api.request('GET', `v3/pay/transactions/out-trade-no/${path(outTradeNo)}`, undefined, {
      mchid: this.config.mchId,
    });
    return transactionOf(data);
  }

  async close(outTradeNo: string): Promise<void> {
    await this.api.request('POST', `v3/pay/transactions/out-trade-no/${path(outTradeNo)}/close`, {
      mchid: this.config.mchId,
    });
  }

  async refund(request: RefundRequest): Promise<Refund> {
    const { data } = await this.api.request('POST', 'v3/refund/domestic/refunds', {
      out_trade_no: request.outTradeNo,
      out_refund_no: request.outRefundNo,
      ...(request.reason ? { reason: request.reason } : {}),
      notify_url: this.config.notifyUrl,
      amount: { refund: request.refund, total: request.total, currency: 'CNY' },
    });
    return refundOf(data);
  }

  async queryRefund(outRefundNo: string): Promise<Refund> {
    const { data } = await this.api.request('GET', `v3/refund/domestic/refunds/${path(outRefundNo)}`);
    return refundOf(data);
  }

  async transfer(request: TransferRequest): Promise<TransferBatch> {
    const { data } = await this.api.request('POST', 'v3/transfer/batches', {
      appid: this.config.appId,
      out_batch_no: request.outBatchNo,
      batch_name: request.batchName,
      batch_remark: request.batchRemark,
      total_amount: request.totalAmount,
      total_num: request.details.length,
      transfer_detail_list: request.details.map((detail) => ({
        out_detail_no: detail.outDetailNo,
        transfer_amount: detail.transferAmount,
        transfer_remark: detail.transferRemark,
        openid: detail.openId,
      })),
    });
    return transferOf({ ...data, total_amount: request.totalAmount });
  }

  async queryTransfer(outBatchNo: string): Promise<TransferBatch> {
    const { data } = await this.api.request<{ transfer_batch?: Json }>(
      'GET',
      `v3/transfer/batches/out-batch-no/${path(outBatchNo)}`,
      undefined,
      { need_query_detail: false },
    );
    return transferOf(data.transfer_batch ?? {});
  }

  transferBill(request: TransferBillRequest): Promise<TransferBill> {
    return transferBill(this.api, this.config, request);
  }

  queryTransferBill(outBillNo: string): Promise<TransferBill> {
    return queryTransferBill(this.api, outBillNo);
  }

  cancelTransferBill(outBillNo: string): Promise<TransferBill> {
    return cancelTransferBill(this.api, outBillNo);
  }

  async share(request: SharingRequest): Promise<SharingOrder> {
    const { data } = await this.api.request('POST', 'v3/profitsharing/orders', {
      appid: this.config.appId,
      transaction_id: request.transactionId,
      out_order_no: request.outOrderNo,
      receivers: request.receivers.map((receiver) => ({ ...receiver })),
      unfreeze_unsplit: request.unfreezeUnsplit,
    });
    return sharingOf(data);
  }

  async queryShare(outOrderNo: string): Promise<SharingOrder> {
    const transactionId = await this.paymentOfShare(outOrderNo);
    if (!transactionId) throw new PaymentError('RESOURCE_NOT_EXISTS', '分账单不存在');
    const { data } = await this.api.request('GET', `v3/profitsharing/orders/${path(outOrderNo)}`, undefined, {
      transaction_id: transactionId,
    });
    return sharingOf(data);
  }

  /** v3 asks for a share's payment with the share; the split records keep it. */
  private async paymentOfShare(outOrderNo: string): Promise<string | undefined> {
    const record = await this.ctx.db
      .selectFrom('biz_split_record')
      .select('transactionId')
      .where('outOrderNo', '=', outOrderNo)
      .executeTakeFirst();
    return record?.transactionId ?? undefined;
  }

  private serviceId(): string {
    if (!this.config.payScoreServiceId) throw new PaymentError('NO_AUTH', '微信支付分未开通');
    return this.config.payScoreServiceId;
  }

  async createServiceOrder(request: ServiceOrderRequest): Promise<ServiceOrder> {
    const { data } = await this.api.request('POST', 'v3/payscore/serviceorder', {
      out_order_no: request.outOrderNo,
      appid: this.config.appId,
      service_id: this.serviceId(),
      service_introduction: request.serviceIntroduction,
      risk_fund: { name: 'DEPOSIT', amount: request.riskAmount },
      time_range: { start_time: 'OnAccept' },
      notify_url: this.config.notifyUrl,
      openid: request.openId,
      need_user_confirm: true,
    });
    return serviceOrderOf(data);
  }

  async queryServiceOrder(outOrderNo: string): Promise<ServiceOrder> {
    const { data } = await this.api.request('GET', 'v3/payscore/serviceorder', undefined, {
      out_order_no: outOrderNo,
      service_id: this.serviceId(),
      appid: this.config.appId,
    });
    return serviceOrderOf(data);
  }

  async cancelServiceOrder(outOrderNo: string, reason: string): Promise<void> {
    await this.api.request('POST', `v3/payscore/serviceorder/${path(outOrderNo)}/cancel`, {
      appid: this.config.appId,
      service_id: this.serviceId(),
      reason,
    });
  }

  async completeServiceOrder(outOrderNo: string, totalAmount: number): Promise<ServiceOrder> {
    const { data } = await this.api.request('POST', `v3/payscore/serviceorder/${path(outOrderNo)}/complete`, {
      appid: this.config.appId,
      service_id: this.serviceId(),
      post_payments: [{ name: '租金', amount: totalAmount }],
      total_amount: totalAmount,
    });
    return serviceOrderOf(data);
  }

  /** The day's trade or fund-flow bill, its hash checked (bills.ts). */
  downloadBill(kind: BillKind, day: string): Promise<string> {
    return downloadBill(this.api, kind, day);
  }

  /**
   * The signature (the public key or the platform certificate the serial names), the timestamp, the resource
   * decrypted with the APIv3 key, and a nonce not seen before; anything else is refused and changes nothing.
   */
  async verifyNotification(notification: SignedNotification): Promise<NotificationEvent> {
    const { headers, body } = notification;
    const timestamp = Number(headers['wechatpay-timestamp']);
    const serial = headers['wechatpay-serial'] ?? '';
    const key = await this.api.platformKey(serial);
    if (!key) {
      throw new PaymentError('SIGN_ERROR', serial.startsWith(PUBLIC_KEY_ID) ? '未知的微信支付公钥' : '未知的平台证书');
    }
    const text = Formatter.response(headers['wechatpay-timestamp'], headers['wechatpay-nonce'], body);
    let valid = false;
    try {
      valid = Rsa.verify(text, headers['wechatpay-signature'], key);
    } catch {
      valid = false;
    }
    if (!valid) throw new PaymentError('SIGN_ERROR', '通知签名错误');
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > SKEW_SECONDS) {
      throw new PaymentError('SIGN_ERROR', '通知已过期');
    }
    // Read before the nonce is spent: a malformed body is refused and the provider's retry may use the nonce again.
    const event = await this.eventOf(body);
    if (!(await spendNonce(this.ctx, headers['wechatpay-nonce']))) throw new PaymentError('SIGN_ERROR', '通知重复');
    return event;
  }

  private async eventOf(body: string): Promise<NotificationEvent> {
    let wire: Json;
    try {
      wire = JSON.parse(body) as Json;
    } catch {
      throw new PaymentError(MALFORMED, '通知内容格式错误');
    }
    const sealed = (wire?.resource ?? {}) as Json;
    if (sealed.algorithm !== 'AEAD_AES_256_GCM' || typeof sealed.ciphertext !== 'string') {
      throw new PaymentError(MALFORMED, '通知内容格式错误');
    }
    let resource: Json;
    try {
      const { ciphertext, nonce, associated_data: aad } = sealed as Record<string, string>;
      resource = JSON.parse(Aes.AesGcm.decrypt(ciphertext, this.config.apiV3Key, nonce ?? '', aad ?? '')) as Json;
    } catch {
      // Signed, but not sealed with this merchant's APIv3 key: nothing in it can be trusted.
      throw new PaymentError('SIGN_ERROR', '通知解密失败');
    }
    const eventType = String(wire.event_type ?? '');
    // v3 tells each receiver's share apart; the server settles the order once all of them are done.
    if (eventType.startsWith('PROFITSHARING.')) {
      const outOrderNo = String(resource.out_order_no ?? '');
      // A share the server never asked for changes nothing; it is acknowledged, so v3 stops sending it.
      const sharing = (await this.paymentOfShare(outOrderNo))
        ? await this.queryShare(outOrderNo)
        : sharingOf({ ...resource, state: 'FINISHED', receivers: [] });
      return { eventType: sharing.state === 'CLOSED' ? 'PROFITSHARING.CLOSED' : 'PROFITSHARING.FINISHED', sharing };
    }
    if (eventType.startsWith('PAYSCORE.')) {
      // A confirmation carries no collection yet.
      resource = { total_amount: 0, collection: { details: [] }, ...resource };
    }
    return readEvent(JSON.stringify({ ...wire, resource }));
  }
}
