// Figures of stats cards and charts: cents as yuan, counts and ratios, grouped by thousands in the console's language
// through i18next's Intl formats (the texts `runtime:figure.*`).
import type { Lang } from '../i18n/label';
import { i18n } from '../i18n/texts';
import type { FigureFormat } from '../schema/types';

const figure = (name: string, lang: Lang, values: Record<string, unknown>): string =>
  i18n.t(`runtime:figure.${name}`, { lng: lang, ...values });

/** Whole cents are split into yuan and cents as integers, so no rounding ever touches an amount. */
function yuan(cents: number, lang: Lang): string {
  const whole = Math.trunc(Math.abs(cents) / 100);
  const rest = String(Math.abs(cents) % 100).padStart(2, '0');
  return figure('yuan', lang, { sign: cents < 0 ? '-' : '', whole, cents: rest });
}

export function formatFigure(value: unknown, format: FigureFormat | undefined, lang: Lang): string {
  if (value === undefined || value === null || value === '') return '-';
  const number = Number(value);
  if (Number.isNaN(number)) return String(value);
  switch (format) {
    case 'money':
      return Number.isInteger(number) ? yuan(number, lang) : String(value);
    case 'percent':
      return figure('percent', lang, { value: number });
    default:
      return figure('number', lang, { value: number });
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
