// What a rental costs under its price plan, in integer cents (docs/orders-and-money.md, price plans in
// docs/rental-operations.md). Durations count whole minutes: a started minute is not charged.

export interface PricePlan {
  freeMinutes: number;
  firstMinutes: number;
  firstPrice: number;
  unitMinutes: number;
  unitPrice: number;
  /** At most this much per started 24 hours; null: no cap. */
  dailyCap: number | null;
}

const DAY = 1440;

export const minutesBetween = (start: Date, end: Date): number =>
  Math.max(0, Math.floor((end.getTime() - start.getTime()) / 60_000));

/** The uncapped price of the first `minutes` of a rental: the first period, then every started unit period. */
function running(plan: PricePlan, minutes: number): number {
  if (minutes <= 0) return 0;
  const beyond = Math.max(0, minutes - plan.firstMinutes);
  return plan.firstPrice + Math.ceil(beyond / plan.unitMinutes) * plan.unitPrice;
}

/**
 * The fee: nothing within the free minutes (a customer who changes their mind); otherwise the running price,
 * each started day's share capped by the daily cap.
 */
export function feeOf(plan: PricePlan, minutes: number): number {
  if (minutes <= plan.freeMinutes) return 0;
  let fee = 0;
  for (let from = 0; from < minutes; from += DAY) {
    const share = running(plan, Math.min(minutes, from + DAY)) - running(plan, from);
    fee += plan.dailyCap === null ? share : Math.min(plan.dailyCap, share);
  }
  return fee;
}

/** The usage duration as staff read it: 2小时15分钟, 1天3小时, 0分钟. */
export function durationText(minutes: number): string {
  const days = Math.floor(minutes / DAY);
  const hours = Math.floor((minutes % DAY) / 60);
  const rest = minutes % 60;
  const parts = [days ? `${days}天` : '', hours ? `${hours}小时` : '', rest || (!days && !hours) ? `${rest}分钟` : ''];
  return parts.join('');
}
