// Stands in for the filter menu of antd's table columns (scripts/antd-on-demand.ts): the console's lists filter in
// their search bar, no column of theirs offers filters.
import type { ColumnFilterItem } from 'antd/es/table/interface';
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/table/hooks/useFilter/FilterDropdown'));

/** The values of a column's filters and of their nested filters, as antd's filter hook asks for them. */
export function flattenKeys(filters: ColumnFilterItem[] | undefined): ColumnFilterItem['value'][] {
  return (filters ?? []).flatMap((filter) => [filter.value, ...flattenKeys(filter.children)]);
}
