// Turns search values into BladeX filter parameters (createTime_dategt / createTime_datelt in yyyy-MM-dd …).
import type { Dayjs } from 'dayjs';
import type { Query } from '../data/list';
import type { SearchField } from '../schema/types';

export type SearchValues = Record<string, unknown>;

export function defaultParams(field: SearchField): string[] {
  if (field.params) return field.params;
  switch (field.type) {
    case 'dateRange':
      return [`${field.field}_dategt`, `${field.field}_datelt`];
    case 'numberRange':
      return [`${field.field}_ge`, `${field.field}_le`];
    case 'dict':
      return [`${field.field}_equal`];
    default:
      return [field.field];
  }
}

const isDayjs = (value: unknown): value is Dayjs =>
  typeof value === 'object' && value !== null && 'format' in value && typeof (value as Dayjs).format === 'function';

export function toQuery(fields: SearchField[], values: SearchValues): Query {
  const query: Query = {};
  for (const field of fields) {
    const value = values[field.field];
    if (value === undefined || value === null || value === '') continue;
    const params = defaultParams(field);
    if (field.type === 'dateRange' || field.type === 'numberRange') {
      const [from, to] = value as [unknown, unknown];
      const text = (v: unknown) => (isDayjs(v) ? v.format('YYYY-MM-DD') : (v as string | number | undefined));
      if (from !== undefined && from !== null) query[params[0]] = text(from);
      if (to !== undefined && to !== null) query[params[1] ?? params[0]] = text(to);
    } else {
      query[params[0]] = value as string | number;
    }
  }
  return query;
}

export function sortQuery(sort: { field?: string; order?: 'ascend' | 'descend' | null }): Query {
  if (!sort.field || !sort.order) return {};
  return sort.order === 'ascend' ? { ascs: sort.field } : { descs: sort.field };
}
