// The double's 商家转账 (transfer bills, v3/fund-app/mch-transfer/transfer-bills): initiate, query and cancel as v3
// speaks them, the payee's name decrypted with the private key of the platform key the request's `Wechatpay-Serial`
// names (proving the client encrypted it right), and the customer's side — confirming receipt, or letting the
// window pass — stepped by the test. The books (the sandbox's rules) keep the bills; their final notification,
// MCHTRANSFER.BILL.FINISHED, leaves signed and sealed like every other.
import crypto from 'node:crypto';
import { PaymentError, type TransferBill } from '../../../server/money/payments/provider.js';
import type { DoubleBooks } from './books.js';
import type { TestKeys } from './keys.js';

type Json = Record<string, unknown>;
export interface Reply {
  status: number;
  body?: Json;
  /** A file served as it is, unsigned (a bill's download). */
  file?: Buffer;
}
export type Route = (match: RegExpMatchArray, body: Json, query: URLSearchParams, named: string) => Promise<Reply>;

/** What WeChat Pay answers a merchant who opened 商家转账 since 2025-01-15 asking for a transfer batch. */
export const BATCHES_REFUSED: Reply = {
  status: 403,
  body: { code: 'NO_AUTH', message: '当前商户号已升级为商家转账, 请使用发起转账接口' },
};

const BILLS = '/v3/fund-app/mch-transfer/transfer-bills';

export interface BillSide {
  keys: () => TestKeys;
  books: () => DoubleBooks;
  /** Every payee name the double decrypted, in order. */
  payeeNames: string[];
}

function decryptName(side: BillSide, ciphertext: string, named: string): string {
  const { platform, publicKey } = side.keys();
  const key =
    named === publicKey.serial ? publicKey.privateKey : named === platform.serial ? platform.privateKey : null;
  if (!key) throw new PaymentError('PARAM_ERROR', 'Wechatpay-Serial 未指明加密所用的平台公钥');
  try {
    const padding = crypto.constants.RSA_PKCS1_OAEP_PADDING;
    return crypto.privateDecrypt({ key, padding, oaepHash: 'sha1' }, Buffer.from(ciphertext, 'base64')).toString();
  } catch {
    throw new PaymentError('PARAM_ERROR', '收款用户姓名解密失败');
  }
}

const wire = (side: BillSide, bill: TransferBill, extra: Json = {}) => ({
  mch_id: side.keys().mchId,
  out_bill_no: bill.outBillNo,
  transfer_bill_no: bill.transferBillNo,
  appid: side.keys().appId,
  state: bill.state,
  transfer_amount: bill.transferAmount,
  create_time: new Date().toISOString(),
  update_time: new Date().toISOString(),
  ...(bill.failReason ? { fail_reason: bill.failReason } : {}),
  ...extra,
});

export function transferBillRoutes(side: BillSide): [string, RegExp, Route][] {
  return [
    [
      'POST',
      new RegExp(`^${BILLS}$`),
      async (_m, b, _q, named) => {
        if (b.appid !== side.keys().appId) throw new PaymentError('PARAM_ERROR', 'appid 不正确');
        if (typeof b.transfer_scene_id !== 'string' || !b.transfer_scene_id) {
          throw new PaymentError('PARAM_ERROR', '转账场景ID不能为空');
        }
        const userName = typeof b.user_name === 'string' ? decryptName(side, b.user_name, named) : undefined;
        if (userName) side.payeeNames.push(userName);
        const bill = await side.books().transferBill({
          outBillNo: String(b.out_bill_no),
          transferAmount: Number(b.transfer_amount),
          transferRemark: String(b.transfer_remark),
          openId: String(b.openid),
          ...(userName ? { userName } : {}),
        });
        return {
          status: 200,
          body: {
            out_bill_no: bill.outBillNo,
            transfer_bill_no: bill.transferBillNo,
            create_time: new Date().toISOString(),
            state: bill.state,
            ...(bill.packageInfo ? { package_info: bill.packageInfo } : {}),
          },
        };
      },
    ],
    [
      'GET',
      new RegExp(`^${BILLS}/out-bill-no/([^/]+)$`),
      async (m) => ({ status: 200, body: wire(side, await side.books().queryTransferBill(m[1])) }),
    ],
    [
      'POST',
      new RegExp(`^${BILLS}/out-bill-no/([^/]+)/cancel$`),
      async (m) => {
        const bill = await side.books().cancelTransferBill(m[1]);
        return {
          status: 200,
          body: {
            out_bill_no: bill.outBillNo,
            transfer_bill_no: bill.transferBillNo,
            state: bill.state,
            update_time: new Date().toISOString(),
          },
        };
      },
    ],
  ];
}
