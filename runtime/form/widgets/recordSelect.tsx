// A choice among another resource's rows (an equipment's site, a site's company), fed by that resource's list call.
// With `parentField` the choices follow another field of the form (a city among the chosen province's cities), and
// the choice is cleared when that field changes.
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useEffect, useRef } from 'react';
import useSWR from 'swr';
import { loadRows, rowTitle } from '../../data/records';
import type { QueryValue } from '../../http/client';
import { useRuntimeText } from '../../i18n/label';

export function RecordSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const options = props.options as {
    url: string;
    labelField: string;
    valueField?: string;
    params?: Record<string, QueryValue>;
    parentField?: string;
    parentParam?: string;
    multiple?: boolean;
  };
  const values = (props.registry.formContext as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const parent = options.parentField ? values[options.parentField] : undefined;
  const waiting = Boolean(options.parentField) && (parent === undefined || parent === null || parent === '');
  const params = {
    size: 1000,
    ...options.params,
    ...(options.parentField ? { [options.parentParam ?? options.parentField]: parent as QueryValue } : {}),
  };
  const { data } = useSWR(waiting ? null : ['records', options.url, JSON.stringify(params)], () =>
    loadRows(options.url, params),
  );

  const seenParent = useRef(parent);
  const { onChange } = props;
  useEffect(() => {
    if (seenParent.current !== parent) onChange(undefined);
    seenParent.current = parent;
  }, [parent, onChange]);

  const valueField = options.valueField ?? 'id';
  const choices = (data ?? []).map((row) => ({
    value: String(row[valueField]),
    label: rowTitle(row, options.labelField, String(row[valueField])),
  }));
  const empty = props.value === undefined || props.value === null || props.value === '' || props.value === -1;
  const value = options.multiple
    ? empty
      ? []
      : String(props.value).split(',').filter(Boolean)
    : empty
      ? undefined
      : String(props.value);
  return (
    <Select
      id={props.id}
      style={{ width: '100%' }}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={options.multiple ? 'multiple' : undefined}
      placeholder={props.placeholder || t('pleaseSelect')}
      options={choices}
      loading={!waiting && !data}
      value={value}
      disabled={props.disabled || props.readonly}
      onChange={(next: string | string[] | undefined) =>
        props.onChange(Array.isArray(next) ? next.join(',') : (next ?? undefined))
      }
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
