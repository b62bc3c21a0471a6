// A day's bill from WeChat Pay v3: GET /v3/bill/tradebill (bill_type=ALL) or /v3/bill/fundflowbill
// (account_type=BASIC) answers {hash_type, hash_value, download_url}, signed like every answer; download_url is then
// fetched with a signed request, and its file comes unsigned, gzipped (tar_type=GZIP): it is believed only when the
// SHA1 of the unzipped file equals hash_value. The link is on WeChat Pay's own host and good for 30 seconds; a link
// to any other host is not followed, so the merchant's signature never leaves for elsewhere.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { BillKind } from '../bill-file.js';
import { PaymentError } from '../provider.js';
import type { WechatPayApi } from './api.js';

interface BillLink {
  hash_type?: string;
  hash_value?: string;
  download_url?: string;
}

/** The code a bill whose file is not the one described is refused with. */
export const BILL_HASH_MISMATCH = 'BILL_HASH_MISMATCH';

export async function downloadBill(api: WechatPayApi, kind: BillKind, day: string): Promise<string> {
  const { data: link } =
    kind === 'trade'
      ? await api.request<BillLink>('GET', 'v3/bill/tradebill', undefined, {
          bill_date: day,
          bill_type: 'ALL',
          tar_type: 'GZIP',
        })
      : await api.request<BillLink>('GET', 'v3/bill/fundflowbill', undefined, {
          bill_date: day,
          account_type: 'BASIC',
          tar_type: 'GZIP',
        });
  if (link.hash_type !== 'SHA1' || typeof link.hash_value !== 'string' || typeof link.download_url !== 'string') {
    throw new PaymentError('BILL_LINK_INVALID', '账单下载地址格式错误');
  }
  const url = new URL(link.download_url);
  const home = new URL(api.config.baseUrl);
  if (url.origin !== home.origin) throw new PaymentError('BILL_LINK_INVALID', '账单下载地址不是微信支付的地址');
  const file = await api.download(url.pathname.replace(/^\/+/, ''), Object.fromEntries(url.searchParams));
  let text: Buffer;
  try {
    // Gzip starts with 1f 8b; a file served plain (no tar_type) is taken as it came.
    text = file[0] === 0x1f && file[1] === 0x8b ? zlib.gunzipSync(file) : file;
  } catch {
    throw new PaymentError(BILL_HASH_MISMATCH, '账单文件解压失败, 未保存');
  }
  const hash = crypto.createHash('sha1').update(text).digest('hex');
  if (hash.toLowerCase() !== link.hash_value.toLowerCase()) {
    throw new PaymentError(BILL_HASH_MISMATCH, '账单文件的哈希值与微信支付给出的不一致, 未保存');
  }
  return text.toString('utf8');
}
