// A query about a number the provider has no record of is an answer (it was never accepted), not a failure.
import { PaymentError } from './provider.js';

/** v3's codes for "no such payment / refund / batch / order". */
const NOT_FOUND = new Set(['ORDERNOTEXIST', 'ORDER_NOT_EXIST', 'RESOURCE_NOT_EXISTS', 'NOT_FOUND']);

export function unknownToProvider(error: unknown): null {
  if (error instanceof PaymentError && NOT_FOUND.has(error.code)) return null;
  throw error;
}
