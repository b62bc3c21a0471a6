// Money is held in cents and shown divided by 100 with 2 decimals; BladeX sends a null amount as -1.
export interface MoneyOptions extends Record<string, unknown> {
  negativeAsZero?: boolean;
  /** -1 shows empty: an optional amount that does not apply to the row (a discount coupon's amount off). */
  unsetAsEmpty?: boolean;
}

export function formatMoney(value: unknown, options: MoneyOptions = {}): string {
  if (value === undefined || value === null || value === '') return '';
  let cents = Number(value);
  if (Number.isNaN(cents)) return String(value);
  if (options.unsetAsEmpty && cents === -1) return '';
  if (options.negativeAsZero && cents === -1) cents = 0;
  return (cents / 100).toFixed(2);
}
