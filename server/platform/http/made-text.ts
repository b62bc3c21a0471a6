// Text the server writes into rows in Chinese — a rental's duration (1小时13分钟), its payment status (支付成功), a
// refund's reason, a leave request's title and its default comments — answered in the caller's language when read;
// a resource adds the English of text only it writes (an API log's title: system/logs/resources.ts).
// The rows keep the Chinese a BladeX client expects; an English console reads the same rows in English.
import type { FastifyRequest } from 'fastify';
import type { Row } from '../engine/types.js';
import { languageOf } from './language.js';

const PHRASES: Record<string, string> = {
  // Payment states of an order (orders/app-rental.ts, wallet-rental.ts, the demo history).
  未支付: 'Not paid',
  待确认: 'Awaiting confirmation',
  支付成功: 'Paid',
  已确认免押: 'Confirmed, no deposit',
  已关闭: 'Closed',
  超时关闭: 'Closed (timed out)',
  用户已取消: 'Cancelled by the customer',
  扣款失败: 'Charge failed',
  余额支付: 'Paid from the wallet',
  // Refund reasons the server writes (orders/settle.ts).
  人工退款: 'Refund by staff',
  '订单结束, 退还剩余押金': 'Order finished: the rest of the deposit returned',
  // Workflow (flow/): the default comments and the process name.
  同意: 'Approved',
  驳回: 'Rejected',
  请假流程: 'Leave process',
};

const SHAPES: Array<[RegExp, (...parts: string[]) => string]> = [
  // A leave request's title (flow/leave.ts): 张三 请假 2 天.
  [
    /^(.*) 请假 (\d+(?:\.\d+)?) 天$/s,
    (who, days) => `${who ? `${who}: ` : ''}leave of ${days} day${days === '1' ? '' : 's'}`,
  ],
  // The order's refund the console proposes: 订单 R123 退款.
  [/^订单 (\S+) 退款$/, (no) => `Refund of order ${no}`],
  // A failed refund sent again (orders/refund-resolution.ts).
  [/^重新发起退款 \(原退款 (\S+)\)$/, (no) => `Sent again (failed refund ${no})`],
];

/** A duration as staff read it (2小时15分钟, 1天3小时, 0分钟) in English: 2 h 15 min, 1 d 3 h, 0 min. */
function durationIn(text: string): string | undefined {
  const found = /^(?:(\d+)天)?(?:(\d+)小时)?(?:(\d+)分钟?)?$/.exec(text);
  if (!found || text === '') return undefined;
  const [, days, hours, minutes] = found;
  return [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(' ');
}

/** The English of text only one resource writes, or undefined when it is none of its own. */
export type OwnEnglish = (text: string) => string | undefined;

/** The English of a server-made text, or the text itself when it is none the server makes (a staff member's own). */
export function madeTextInEnglish(text: string, own?: OwnEnglish): string {
  const phrase = PHRASES[text];
  if (phrase !== undefined) return phrase;
  const duration = durationIn(text);
  if (duration !== undefined) return duration;
  for (const [shape, english] of SHAPES) {
    const found = shape.exec(text);
    if (found) return english(...found.slice(1));
  }
  return own?.(text) ?? text;
}

/** The row with its server-made `fields` in the caller's language (unchanged for a Chinese caller). */
export function madeTextFor(request: FastifyRequest, fields: readonly string[], own?: OwnEnglish): (row: Row) => Row {
  if (fields.length === 0 || languageOf(request) !== 'en') return (row) => row;
  return (row) => {
    const out = { ...row };
    for (const field of fields)
      if (typeof out[field] === 'string') out[field] = madeTextInEnglish(out[field] as string, own);
    return out;
  };
}
