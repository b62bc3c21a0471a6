// Calendar days in the server's local time, as the stored `yyyy-MM-dd HH:mm:ss` texts compare: a day is the range
// [its midnight, the next midnight).
import { formatDateTime } from '../db/time.js';

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

/** `yyyy-MM-dd` → that day, or undefined when the text is no real date (2026-02-30). */
export function parseDay(text: string): Day | undefined {
  const [year, month, date] = text.split('-').map(Number);
  const parsed = new Date(year, month - 1, date);
  if (parsed.getFullYear() !== year || parsed.getMonth() !== month - 1 || parsed.getDate() !== date) return undefined;
  return dayOf(parsed);
}

/** Whole minutes between two stored times. */
export const minutesBetween = (from: string, to: string): number =>
  Math.max(
    0,
    Math.floor((new Date(to.replace(' ', 'T')).getTime() - new Date(from.replace(' ', 'T')).getTime()) / 60_000),
  );
