// Icon picker over the @ant-design/icons outlined set. A menu's "source" is a class list that may hold a BladeX
// client's class beside the antd name (`el-icon-setting SettingOutlined`): the picker shows the antd name, and a new
// pick stores that name alone, since the other class would draw the old icon in a BladeX client.
import * as Icons from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { Select } from 'antd';
import { type ComponentType, createElement, useMemo } from 'react';
import { useRuntimeText } from '../../i18n/label';

const icons = Icons as unknown as Record<string, ComponentType>;
const names = Object.keys(icons).filter((name) => name.endsWith('Outlined'));

const antdNameIn = (source: unknown): string | undefined => {
  const classes = String(source ?? '')
    .split(/\s+/)
    .filter(Boolean);
  return classes.find((name) => /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/.test(name)) ?? classes.join(' ');
};

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
      value={antdNameIn(props.value) || undefined}
      disabled={props.disabled || props.readonly}
      onChange={(value) => props.onChange(value ?? undefined)}
    />
  );
}
