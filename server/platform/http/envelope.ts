// The BladeX envelope (contract §1): every business answer is {code, success, data, msg}.
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T | null;
  msg: string;
}

export const MSG_OK = '操作成功';
export const MSG_NO_DATA = '暂无承载数据';

/** `R.data`: the payload, or 暂无承载数据 when there is none. */
export function ok<T>(data: T): Envelope<T> {
  const empty = data === null || data === undefined;
  return { code: 200, success: true, data: empty ? null : data, msg: empty ? MSG_NO_DATA : MSG_OK };
}

/** `R.success`: no payload, just the message. */
export function done(msg = MSG_OK): Envelope<null> {
  return { code: 200, success: true, data: null, msg };
}

/** A refusal the client shows as it is; `code` is also the HTTP status. */
export class BladeError extends Error {
  constructor(
    message: string,
    readonly code = 400,
  ) {
    super(message);
    this.name = 'BladeError';
  }
}

export const badRequest = (message: string): BladeError => new BladeError(message, 400);
export const unauthorized = (message = '请求未授权'): BladeError => new BladeError(message, 401);
export const forbidden = (message = '缺少访问权限'): BladeError => new BladeError(message, 403);
export const notFound = (message = '数据不存在'): BladeError => new BladeError(message, 404);
