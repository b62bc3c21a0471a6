// The double's books: what WeChat Pay knows of the merchant's payments, refunds, batches, shares and service orders,
// kept by the sandbox's rules (outcomes chosen by an amount's cents, the merchant balance, the retry schedule). Only
// the notifications differ: they leave as v3 sends them, the resource sealed with the APIv3 key (AES-256-GCM) and
// the whole signed (RSA-SHA256) with the key the double's mode chooses: the platform certificate's or the public key's.
import crypto from 'node:crypto';
import type { SignedNotification } from '../../../server/money/payments/provider.js';
import { PaymentSandbox, type SandboxOptions } from '../../../server/money/payments/sandbox.js';
import type { AppContext } from '../../../server/platform/context.js';
import type { Signer, TestKeys } from './keys.js';

type Json = Record<string, unknown>;

/** AES-256-GCM as v3 seals a resource: Base64 of the ciphertext followed by the 16-byte tag. */
export function seal(
  apiV3Key: string,
  plaintext: string,
  associatedData: string,
  nonce = crypto.randomBytes(6).toString('hex'),
) {
  const cipher = crypto.createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associatedData));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: ciphertext.toString('base64'),
    associated_data: associatedData,
    nonce,
  };
}

/** The platform's signature headers over `body` by `signer`, as on every v3 answer and notification. */
export function platformHeaders(signer: Signer, body: string, at = Date.now()) {
  const timestamp = String(Math.floor(at / 1000));
  const nonce = crypto.randomBytes(16).toString('hex');
  const signature = crypto
    .createSign('RSA-SHA256')
    .update(`${timestamp}\n${nonce}\n${body}\n`)
    .sign(signer.privateKey, 'base64');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-signature': signature,
    'wechatpay-serial': signer.serial,
  };
}

const SUMMARIES: Record<string, string> = {
  TRANSACTION: '支付成功',
  REFUND: '退款状态变更',
  PROFITSHARING: '分账结果',
  PAYSCORE: '支付分服务订单状态变更',
  MCHTRANSFER: '商家转账单据终态通知',
};
/** resource.original_type where v3 does not call it by the event's kind. */
const ORIGINAL_TYPES: Record<string, string> = { MCHTRANSFER: 'mch_payment' };

export class DoubleBooks extends PaymentSandbox {
  constructor(
    ctx: AppContext,
    options: SandboxOptions,
    private readonly keys: TestKeys,
    /** The key each notification is signed with, as the double's mode has it. */
    private readonly notificationSigner: () => Signer,
  ) {
    super(ctx, options);
  }

  /** The bills are the merchant's of the double's keys. */
  protected override billMerchant() {
    return { mchId: this.keys.mchId, appId: this.keys.appId };
  }

  /** The results due, as v3 notifications: each sent again after the back-off until acknowledged. */
  override async deliverDue(at = new Date()): Promise<SignedNotification[]> {
    return (await super.deliverDue(at)).map((plain) => this.asV3(JSON.parse(plain.body) as Json));
  }

  private asV3(plain: Json): SignedNotification {
    let eventType = String(plain.event_type);
    let resource = plain.resource as Json;
    const [kind] = eventType.split('.');
    if (kind === 'PROFITSHARING') {
      // v3 tells of each receiver's share; the books keep one amount per order.
      eventType = eventType === 'PROFITSHARING.CLOSED' ? 'PROFITSHARING.CLOSED' : 'PROFITSHARING.SUCCESS';
      resource = {
        mchid: this.keys.mchId,
        transaction_id: resource.transaction_id,
        order_id: resource.order_id,
        out_order_no: resource.out_order_no,
        receiver: { type: 'MERCHANT_ID', account: this.keys.mchId, amount: (resource.amount as Json).total },
        success_time: new Date().toISOString(),
      };
    } else {
      resource = { mchid: this.keys.mchId, appid: this.keys.appId, ...resource };
    }
    const body = JSON.stringify({
      id: plain.id,
      create_time: plain.create_time,
      resource_type: 'encrypt-resource',
      event_type: eventType,
      summary: SUMMARIES[kind] ?? '',
      resource: {
        original_type: ORIGINAL_TYPES[kind] ?? kind.toLowerCase(),
        ...seal(this.keys.apiV3Key, JSON.stringify(resource), kind.toLowerCase()),
      },
    });
    return { headers: platformHeaders(this.notificationSigner(), body), body };
  }
}
