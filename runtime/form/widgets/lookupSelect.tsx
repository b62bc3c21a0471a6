// A select of another resource's rows by name (a fault's equipment, a coupon's sites), from the same list the column's
// `lookup` cells read; `multiple` keeps the chosen ids as a comma list (`1,2,3`). With `parent` the choices follow
// another field of the form (a city among the chosen province's cities), and the choice is cleared when it changes.
// With `search` the list is too big to read whole (customers): the server searches it as the person types.
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useEffect, useRef } from 'react';
import { keysOf, type LookupSpec, useLookup } from '../../data/lookup';
import type { QueryValue } from '../../data/provider';
import { useRuntimeText } from '../../i18n/label';
import { useSearchedChoices } from './searchedChoices';

type LookupSelectOptions = LookupSpec & {
  multiple?: boolean;
  /** The form's field the choices follow, and the query parameter carrying its value (default: the field). */
  parent?: { field: string; param?: string };
  /** The list call's query parameter that searches it on the server (`keyword`). */
  search?: string;
};

export function LookupSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const options = props.options as unknown as LookupSelectOptions;
  const values = (props.registry.formContext as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const parent = options.parent ? values[options.parent.field] : undefined;
  const waiting = Boolean(options.parent) && (parent === undefined || parent === null || parent === '');
  const spec: LookupSpec = {
    url: String(options.url ?? ''),
    labelField: String(options.labelField ?? ''),
    valueField: options.valueField,
    filters: {
      ...options.filters,
      ...(options.parent ? { [options.parent.param ?? options.parent.field]: parent as QueryValue } : {}),
    },
  };
  const searched = useSearchedChoices(spec, options.search, keysOf(props.value), waiting);
  const items = useLookup(spec, waiting || searched !== undefined);

  const seenParent = useRef(parent);
  const { onChange } = props;
  useEffect(() => {
    if (seenParent.current !== parent) onChange(undefined);
    seenParent.current = parent;
  }, [parent, onChange]);

  const multiple = options.multiple === true;
  const keys = keysOf(props.value);
  return (
    <Select
      id={props.id}
      allowClear
      showSearch={searched ? searched.showSearch : { optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      style={{ width: '100%' }}
      placeholder={props.placeholder || t('pleaseSelect')}
      loading={searched ? searched.loading : !waiting && !items}
      options={searched ? searched.items : (items ?? [])}
      onOpenChange={searched?.onOpenChange}
      onPopupScroll={searched?.onPopupScroll}
      value={multiple ? keys : keys.length > 0 ? String(props.value) : undefined}
      disabled={props.disabled || props.readonly}
      onChange={(next: string | string[] | undefined) =>
        props.onChange(Array.isArray(next) ? next.join(',') || undefined : (next ?? undefined))
      }
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
