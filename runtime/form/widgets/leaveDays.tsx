// A leave's days, counted from the form's startTime and endTime rather than typed: the calendar days the leave
// touches, both ends included (a Monday 09:00 to Tuesday 18:00 is 2 days). The server counts them the same way and
// refuses a request whose days disagree with its dates.
import type { WidgetProps } from '@rjsf/utils';
import { InputNumber } from 'antd';
import { useEffect } from 'react';

const DAY_MS = 86_400_000;

/** Calendar days from the date of `start` to that of `end`, both included; undefined until both are chosen in order. */
export function leaveDaysOf(start: unknown, end: unknown): number | undefined {
  const dateOf = (value: unknown) =>
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? Date.parse(`${value.slice(0, 10)}T00:00:00Z`) : NaN;
  const from = dateOf(start);
  const to = dateOf(end);
  if (Number.isNaN(from) || Number.isNaN(to) || to < from) return undefined;
  return Math.round((to - from) / DAY_MS) + 1;
}

export function LeaveDaysWidget(props: WidgetProps) {
  const values = (props.registry.formContext as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const days = leaveDaysOf(values.startTime, values.endTime);
  const { onChange, value } = props;
  useEffect(() => {
    if (days !== value) onChange(days);
  }, [days, value, onChange]);
  return (
    <InputNumber
      id={props.id}
      style={{ width: '100%' }}
      placeholder={props.placeholder}
      value={days ?? null}
      disabled
    />
  );
}
