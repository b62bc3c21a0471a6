// A select of another resource's rows by name (a fault's equipment, a coupon's sites), from the same list the column's
// `lookup` cells read; `multiple` keeps the chosen ids as a comma list (`1,2,3`).
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { useLookup } from '../../data/lookup';
import { useRuntimeText } from '../../i18n/label';

export function LookupSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const multiple = props.options.multiple === true;
  const items = useLookup({
    url: String(props.options.url ?? ''),
    labelField: String(props.options.labelField ?? ''),
    valueField: props.options.valueField ? String(props.options.valueField) : undefined,
  });
  const empty = props.value === undefined || props.value === null || props.value === '' || String(props.value) === '-1';
  const value = empty ? undefined : multiple ? String(props.value).split(',').filter(Boolean) : String(props.value);
  return (
    <Select
      id={props.id}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={multiple ? 'multiple' : undefined}
      style={{ width: '100%' }}
      placeholder={props.placeholder || t('pleaseSelect')}
      loading={!items}
      options={items ?? []}
      value={value}
      disabled={props.disabled || props.readonly}
      onChange={(next: string | string[] | undefined) =>
        props.onChange(Array.isArray(next) ? next.join(',') || undefined : (next ?? undefined))
      }
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
