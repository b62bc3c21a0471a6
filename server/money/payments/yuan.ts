// Cents as the customer and staff read them in a message: ¥12.05. Integer arithmetic only, as for every amount.
export const yuan = (cents: number): string => `¥${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
