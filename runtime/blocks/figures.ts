// Figures of stats cards and charts: cents as yuan, counts and ratios, grouped by thousands in the console's language.
import type { Lang } from '../i18n/label';
import type { FigureFormat } from '../schema/types';

const locale = (lang: Lang) => (lang === 'en' ? 'en-US' : 'zh-CN');

/** Whole cents are split into yuan and cents as integers, so no rounding ever touches an amount. */
function yuan(cents: number, lang: Lang): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  const sign = cents < 0 ? '-' : '';
  return `${sign}${new Intl.NumberFormat(locale(lang)).format(whole)}.${rest}`;
}

export function formatFigure(value: unknown, format: FigureFormat | undefined, lang: Lang): string {
  if (value === undefined || value === null || value === '') return '-';
  const number = Number(value);
  if (Number.isNaN(number)) return String(value);
  switch (format) {
    case 'money':
      return Number.isInteger(number) ? yuan(number, lang) : String(value);
    case 'percent':
      return new Intl.NumberFormat(locale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(number);
    default:
      return new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 2 }).format(number);
  }
}

/** The value at a field of an answer; `a.b` reaches into nested objects. */
export function fieldOf(data: unknown, field: string): unknown {
  let value: unknown = data;
  for (const part of field.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
