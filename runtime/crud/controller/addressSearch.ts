// A list opened from a link (`/business/order?state=1`, a dashboard card) starts searched: the address's query gives
// the first values of the search fields it names, in the shape the search panel holds them.
import dayjs from 'dayjs';
import type { SearchValues } from '../../data/provider';
import type { SearchField } from '../../schema/types';

/** A range is written `from,to` in the address; either side may be empty. */
function rangeOf(text: string): [string | undefined, string | undefined] {
  const [from, to] = text.split(',');
  return [from || undefined, to || undefined];
}

export function searchFromAddress(fields: SearchField[], address: string): SearchValues {
  const query = new URLSearchParams(address);
  const values: SearchValues = {};
  for (const field of fields) {
    const text = query.get(field.field);
    if (text === null || text === '') continue;
    if (field.type === 'dateRange' && field.sendAs?.length === 1) {
      // A month, written yyyy-MM.
      const month = dayjs(`${text}-01`);
      if (month.isValid()) values[field.field] = month;
    } else if (field.type === 'dateRange') {
      const [from, to] = rangeOf(text);
      const day = (value: string | undefined) => (value && dayjs(value).isValid() ? dayjs(value) : undefined);
      values[field.field] = [day(from), day(to)];
    } else if (field.type === 'numberRange') {
      const [from, to] = rangeOf(text);
      const number = (value: string | undefined) =>
        value !== undefined && !Number.isNaN(Number(value)) ? Number(value) : undefined;
      values[field.field] = [number(from), number(to)];
    } else {
      values[field.field] = text;
    }
  }
  return values;
}
