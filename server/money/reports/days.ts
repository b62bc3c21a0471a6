// Calendar days in the server's local time, as the stored `yyyy-MM-dd HH:mm:ss` texts compare: a day is the range
// [its midnight, the next midnight).
import { formatDateTime } from '../../platform/db/time.js';
import { parseDate } from '../../platform/engine/dates.js';

export interface Day {
  /** `yyyy-MM-dd` */
  day: string;
  from: string;
  to: string;
}

const midnight = (date: Date): Date => new Date(date.getFullYear(), date.getMonth(), date.getDate());

export function dayOf(date: Date, offset = 0): Day {
  const start = midnight(date);
  start.setDate(start.getDate() + offset);
  const end = new Date(start);
  end.setDate(end.getDate() + 1);
  return { day: formatDateTime(start).slice(0, 10), from: formatDateTime(start), to: formatDateTime(end) };
}

/** A stored `yyyy-MM-dd HH:mm:ss` as a moment in the server's local time. */
export const momentOf = (stored: string): Date => new Date(stored.replace(' ', 'T'));

/** `yyyy-MM-dd` → that day, or undefined when the text is no real date (2026-02-30) or carries a time. */
export function parseDay(text: string): Day | undefined {
  const parsed = parseDate(text);
  return parsed?.dayOnly ? dayOf(momentOf(parsed.value)) : undefined;
}

/** Whole minutes between two stored times. */
export const minutesBetween = (from: string, to: string): number =>
  Math.max(0, Math.floor((momentOf(to).getTime() - momentOf(from).getTime()) / 60_000));
