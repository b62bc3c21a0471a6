// Money (yuan on screen, cents on the wire), number, switch, date and date range widgets.
import type { WidgetProps } from '@rjsf/utils';
import { DatePicker, InputNumber, Switch } from 'antd';
import dayjs from 'dayjs';

export function MoneyWidget(props: WidgetProps) {
  const cents = typeof props.value === 'number' ? props.value : undefined;
  return (
    <InputNumber
      id={props.id}
      style={{ width: '100%' }}
      min={0}
      precision={2}
      prefix="¥"
      placeholder={props.placeholder}
      value={cents === undefined ? null : cents / 100}
      disabled={props.disabled || props.readonly}
      onChange={(yuan) => props.onChange(yuan === null ? undefined : Math.round(Number(yuan) * 100))}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

export function NumberWidget(props: WidgetProps) {
  return (
    <InputNumber
      id={props.id}
      style={{ width: '100%' }}
      min={props.schema.minimum}
      max={props.schema.maximum}
      placeholder={props.placeholder}
      value={props.value ?? null}
      disabled={props.disabled || props.readonly}
      onChange={(value) => props.onChange(value ?? undefined)}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}

/** A switch over numbers (1/0 or the ui:options on/off values) or booleans, as the schema says. */
export function SwitchWidget(props: WidgetProps) {
  const on = props.options.on ?? (props.schema.type === 'boolean' ? true : 1);
  const off = props.options.off ?? (props.schema.type === 'boolean' ? false : 0);
  return (
    <Switch
      id={props.id}
      checked={props.value === on}
      disabled={props.disabled || props.readonly}
      onChange={(checked) => props.onChange(checked ? on : off)}
    />
  );
}

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';

export function DateWidget(props: WidgetProps) {
  const withTime = props.options.time === true;
  const pattern = withTime ? DATETIME : DATE;
  return (
    <DatePicker
      id={props.id}
      style={{ width: '100%' }}
      showTime={withTime}
      format={pattern}
      value={props.value ? dayjs(String(props.value)) : null}
      disabled={props.disabled || props.readonly}
      onChange={(value) => props.onChange(value ? value.format(pattern) : undefined)}
    />
  );
}

/** Holds "start,end" in one field; ui:options.time adds hours. */
export function DateRangeWidget(props: WidgetProps) {
  const withTime = props.options.time === true;
  const pattern = withTime ? DATETIME : DATE;
  const [start, end] = props.value ? String(props.value).split(',') : [];
  return (
    <DatePicker.RangePicker
      id={props.id}
      style={{ width: '100%' }}
      showTime={withTime}
      format={pattern}
      value={start && end ? [dayjs(start), dayjs(end)] : null}
      disabled={props.disabled || props.readonly}
      onChange={(range) =>
        props.onChange(range?.[0] && range[1] ? `${range[0].format(pattern)},${range[1].format(pattern)}` : undefined)
      }
    />
  );
}
