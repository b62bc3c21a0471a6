// 商家转账 (发起转账, v3/fund-app/mch-transfer/transfer-bills): one bill per payout, which the customer confirms in
// the mini-program (wx.requestMerchantTransfer with the bill's package_info) before WeChat Pay pays it. A payee's real
// name, when sent, is encrypted (RSA-OAEP) with the platform key the request's `Wechatpay-Serial` names
// (docs/going-live-payments.md, Payouts).
import { Rsa } from 'wechatpay-axios-plugin';
import type { WechatPayConfig } from '../../../platform/config.js';
import type { TransferBill, TransferBillRequest, TransferBillState } from '../provider.js';
import type { WechatPayApi } from './api.js';
import type { Json } from './wire.js';

const BILLS = 'v3/fund-app/mch-transfer/transfer-bills';
const STATES: readonly TransferBillState[] = [
  'ACCEPTED',
  'PROCESSING',
  'WAIT_USER_CONFIRM',
  'TRANSFERING',
  'SUCCESS',
  'FAIL',
  'CANCELING',
  'CANCELLED',
];

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
const byBillNo = (outBillNo: string) => `${BILLS}/out-bill-no/${encodeURIComponent(outBillNo)}`;

/** A bill as an answer, a query or a notification's resource carries it. */
export function transferBillOf(wire: Json): TransferBill {
  const state = textOf(wire.state) as TransferBillState;
  return {
    outBillNo: textOf(wire.out_bill_no),
    transferBillNo: textOf(wire.transfer_bill_no),
    // A state v3 adds later is read as still in progress: the query that follows tells its end.
    state: STATES.includes(state) ? state : 'PROCESSING',
    transferAmount: typeof wire.transfer_amount === 'number' ? wire.transfer_amount : 0,
    packageInfo: textOf(wire.package_info),
    failReason: textOf(wire.fail_reason),
  };
}

export async function transferBill(
  api: WechatPayApi,
  config: WechatPayConfig,
  request: TransferBillRequest,
): Promise<TransferBill> {
  let userName: string | undefined;
  let headers: Record<string, string> = {};
  if (request.userName) {
    const { serial, key } = await api.encryptionKey();
    userName = Rsa.encrypt(request.userName, key);
    headers = { 'Wechatpay-Serial': serial };
  }
  const { data } = await api.request(
    'POST',
    BILLS,
    {
      appid: config.appId,
      out_bill_no: request.outBillNo,
      transfer_scene_id: config.transferSceneId,
      openid: request.openId,
      ...(userName ? { user_name: userName } : {}),
      transfer_amount: request.transferAmount,
      transfer_remark: request.transferRemark,
      notify_url: config.notifyUrl,
      ...(config.transferPerception ? { user_recv_perception: config.transferPerception } : {}),
      transfer_scene_report_infos: config.transferReportInfos.map(({ infoType, infoContent }) => ({
        info_type: infoType,
        info_content: infoContent || request.transferRemark,
      })),
    },
    undefined,
    headers,
  );
  return { ...transferBillOf(data), transferAmount: request.transferAmount };
}

export async function queryTransferBill(api: WechatPayApi, outBillNo: string): Promise<TransferBill> {
  const { data } = await api.request('GET', byBillNo(outBillNo));
  return transferBillOf(data);
}

export async function cancelTransferBill(api: WechatPayApi, outBillNo: string): Promise<TransferBill> {
  const { data } = await api.request('POST', `${byBillNo(outBillNo)}/cancel`);
  return transferBillOf(data);
}
