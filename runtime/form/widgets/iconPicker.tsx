// Icon picker over the @ant-design/icons outlined set; the value is the icon's name (menu "source").
import * as Icons from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { type ComponentType, createElement, useMemo } from 'react';
import { useRuntimeText } from '../../i18n/label';

const icons = Icons as unknown as Record<string, ComponentType>;
const names = Object.keys(icons).filter((name) => name.endsWith('Outlined'));

export default function IconPickerWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const options = useMemo(
    () =>
      names.map((name) => ({
        value: name,
        label: (
          <span>
            {createElement(icons[name])} {name}
          </span>
        ),
      })),
    [],
  );
  return (
    <Select
      id={props.id}
      showSearch
      allowClear
      style={{ width: '100%' }}
      placeholder={props.placeholder || t('pleaseSelect')}
      options={options}
      filterOption={(input, option) => String(option?.value).toLowerCase().includes(input.toLowerCase())}
      value={props.value || undefined}
      disabled={props.disabled || props.readonly}
      onChange={(value) => props.onChange(value ?? undefined)}
    />
  );
}
