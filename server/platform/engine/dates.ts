// Dates a caller may send: `yyyy-MM-dd` or `yyyy-MM-dd HH:mm:ss` (a `T` separator is accepted too).
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/;

export interface ParsedDate {
  /** `yyyy-MM-dd HH:mm:ss`. */
  value: string;
  /** Only a day was given. */
  dayOnly: boolean;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function parseDate(text: string): ParsedDate | null {
  const match = DATE.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // Reject dates the calendar does not have (2024-02-30) instead of rolling them over.
  if (date.getMonth() !== Number(mo) - 1 || date.getDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59) {
    return null;
  }
  return { value: `${y}-${mo}-${d} ${h}:${mi}:${s}`, dayOnly: match[4] === undefined };
}

/** The first moment of the day after `value`'s day. */
export function nextDay(value: string): string {
  const date = new Date(Number(value.slice(0, 4)), Number(value.slice(5, 7)) - 1, Number(value.slice(8, 10)) + 1);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} 00:00:00`;
}
