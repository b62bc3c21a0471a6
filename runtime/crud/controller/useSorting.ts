// The table's sort, starting from the definition's defaultSort.
import { useState } from 'react';
import type { SortSpec } from '../../schema/types';

export interface Sort {
  field?: string;
  order?: 'ascend' | 'descend' | null;
}

export const sortOf = (spec: SortSpec | undefined): Sort =>
  spec ? { field: spec.field, order: spec.order === 'desc' ? 'descend' : 'ascend' } : {};

export function useSorting(defaultSort: SortSpec | undefined) {
  const [sort, setSort] = useState<Sort>(() => sortOf(defaultSort));
  return { sort, setSort };
}
