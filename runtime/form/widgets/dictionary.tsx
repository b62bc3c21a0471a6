// Dictionary select and radio: options from dict/dictionary (or dict-biz) by the code in ui:options.dict.
import type { WidgetProps } from '@rjsf/utils';
import { Radio, Select } from 'antd';
import { useDictionary } from '../../data/dictionary';
import { useRuntimeText } from '../../i18n/label';

/** The schema says whether the field holds numbers; dictKeys are strings on the wire. */
const typed = (schema: WidgetProps['schema'], key: string) =>
  schema.type === 'integer' || schema.type === 'number' ? Number(key) : key;

function useOptions(props: WidgetProps) {
  const items = useDictionary(String(props.options.dict ?? ''), props.options.biz === true);
  return (items ?? []).map((item) => ({ label: item.dictValue, value: typed(props.schema, item.dictKey) }));
}

export function DictSelectWidget(props: WidgetProps) {
  const t = useRuntimeText();
  return (
    <Select
      id={props.id}
      allowClear
      style={{ width: '100%' }}
      placeholder={props.placeholder || t('pleaseSelect')}
      options={useOptions(props)}
      value={props.value ?? undefined}
      disabled={props.disabled || props.readonly}
      onChange={(value) => props.onChange(value ?? undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export function DictRadioWidget(props: WidgetProps) {
  return (
    <Radio.Group
      id={props.id}
      options={useOptions(props)}
      value={props.value}
      disabled={props.disabled || props.readonly}
      onChange={(event) => props.onChange(event.target.value)}
    />
  );
}
