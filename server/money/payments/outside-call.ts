// A call to the payment provider made after the money's intent is committed (a refund 处理中, a withdrawal 打款中,
// a transfer 转账中, a split PROCESSING). A refusal is the provider's answer and its caller applies it; any other
// failure — the network, a timeout, the provider down, the database busy while writing the answer — says nothing
// about the money, so the intent is left as it was recorded for the recovery worker, and the request is answered as
// processing instead of 500 after its commit.
import { BladeError } from '../../platform/http/envelope.js';
import { PaymentError } from './provider.js';

export interface WarnLog {
  warn: (object: unknown, message: string) => void;
}

export async function leaveToRecovery<T>(log: WarnLog, what: string, call: () => Promise<T>, processing: T) {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentError || error instanceof BladeError) throw error;
    log.warn({ err: error }, `${what}: no answer from the payment provider; the recovery worker takes it up`);
    return processing;
  }
}
