// Who asked for a refund (`biz_refund.source`), each with its own number prefix: R…, F<outTradeNo>, C….
export const REFUND_BY_STAFF = 1;
/** The rest of a deposit going back when a rental is finished: never the business's money. */
export const REFUND_AT_FINISH = 2;
export const REFUND_BY_CUSTOMER = 3;
