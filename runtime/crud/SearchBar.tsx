// The search panel: text, dictionary select, linked-row select, date range, month and number range fields, with search and
// reset. A plain form holding its values in state, not antd's Form: a list needs no validation, and antd's form code
// (field store, validator, grid) is then loaded only by the screens' dialogs.
import { Button, Flex, Input, Select, Space } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import type { Dayjs } from 'dayjs';
import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { useDictionary } from '../data/dictionary';
import { useLookup } from '../data/lookup';
import type { SearchValues } from '../data/provider';
import { useLabel, usePrompt, useRuntimeText } from '../i18n/label';
import type { SearchField } from '../schema/types';

// antd's date picker (31 KB gzipped) and number input are large: the picker loads when the operator reaches for a
// date range or a month (pointer over it, focus, a click), or at once when the screen opens already searched by dates,
// not with every list that offers one; the number input loads when a screen searches by a number range.
const loadDatePicker = () => import('antd/es/date-picker');
const RangePicker = lazy(() => loadDatePicker().then((module) => ({ default: module.default.RangePicker })));
const DatePicker = lazy(loadDatePicker);
const InputNumber = lazy(() => import('antd/es/input-number'));

/** A date range sent as one parameter is a month (`yyyy-MM`): a report's period. */
const isMonth = (field: SearchField): boolean => field.type === 'dateRange' && field.sendAs?.length === 1;

const MONTH_FORMAT = 'YYYY-MM';

const hasDate = (value: RangePickerProps['value']) => Boolean(value?.[0] || value?.[1]);

/**
 * A date picker loaded when it is wanted. Until then a plain input of the same name, look and text holds its place
 * (its label points at the same id); focusing or clicking it swaps in the picker, focused and open.
 */
function Reachable(props: {
  id?: string;
  text?: string;
  placeholder?: string;
  width: number;
  /** Drawn at once: the screen opened already searched by it. */
  shown: boolean;
  picker: (reached: boolean) => ReactNode;
}) {
  const [opened] = useState(props.shown);
  const [wanted, setWanted] = useState(opened);
  const standIn = (disabled: boolean) => (
    <Input
      id={props.id}
      readOnly
      disabled={disabled}
      value={props.text}
      placeholder={props.placeholder}
      style={{ width: props.width }}
      onPointerEnter={() => void loadDatePicker()}
      onFocus={() => setWanted(true)}
      onClick={() => setWanted(true)}
    />
  );
  if (!wanted && !props.shown) return standIn(false);
  // Reached for by the operator, not opened with a value from the address: carry on where the stand-in was.
  return <Suspense fallback={standIn(true)}>{props.picker(wanted && !opened)}</Suspense>;
}

function DateRange(props: RangePickerProps) {
  const placeholder = Array.isArray(props.placeholder) ? props.placeholder.join(' → ') : undefined;
  return (
    <Reachable
      id={typeof props.id === 'string' ? props.id : props.id?.start}
      placeholder={placeholder}
      width={256}
      shown={hasDate(props.value)}
      picker={(reached) => <RangePicker {...props} autoFocus={reached} defaultOpen={reached} />}
    />
  );
}

/** A month: its stand-in shows the month searched, so a report opened on this month loads no picker. */
function MonthPicker(props: { id: string; value?: Dayjs; onChange: (month: Dayjs | undefined) => void }) {
  return (
    <Reachable
      id={props.id}
      text={props.value?.format(MONTH_FORMAT)}
      width={160}
      shown={false}
      picker={(reached) => (
        <DatePicker
          id={props.id}
          picker="month"
          format={MONTH_FORMAT}
          style={{ width: 160 }}
          value={props.value}
          onChange={(month) => props.onChange((month as Dayjs | null) ?? undefined)}
          autoFocus={reached}
          defaultOpen={reached}
        />
      )}
    />
  );
}

interface ChoiceProps {
  id: string;
  field: SearchField;
  label: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}

function DictSearch({ field, label, ...rest }: ChoiceProps) {
  const prompt = usePrompt();
  const items = useDictionary(field.dict, field.biz);
  return (
    <Select
      {...rest}
      allowClear
      style={{ width: 180 }}
      placeholder={prompt.select(label)}
      options={(items ?? []).map((item) => ({ label: item.dictValue, value: item.dictKey }))}
    />
  );
}

/** A choice of another resource's rows by name (a fault's site). */
function LookupSearch({ field, label, ...rest }: ChoiceProps) {
  const prompt = usePrompt();
  const items = useLookup(field.lookup ?? { url: '', labelField: '' });
  return (
    <Select
      {...rest}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 180 }}
      placeholder={prompt.select(label)}
      options={items ?? []}
    />
  );
}

function NumberRange({ value, onChange }: { value?: [number?, number?]; onChange?: (v: [number?, number?]) => void }) {
  const t = useRuntimeText();
  const [from, to] = value ?? [];
  return (
    <Suspense fallback={<Input disabled placeholder={`${t('min')} – ${t('max')}`} />}>
      <Space.Compact>
        <InputNumber
          placeholder={t('min')}
          value={from}
          onChange={(v) => onChange?.([typeof v === 'number' ? v : undefined, to])}
        />
        <InputNumber
          placeholder={t('max')}
          value={to}
          onChange={(v) => onChange?.([from, typeof v === 'number' ? v : undefined])}
        />
      </Space.Compact>
    </Suspense>
  );
}

/** One field of the panel: its label, then its control (on a phone, above it). */
function SearchItem({ label, id, children }: { label: string; id: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={8} className="crud-search-item">
      <label htmlFor={id} style={{ whiteSpace: 'nowrap' }}>
        {label}
      </label>
      {children}
    </Flex>
  );
}

export function SearchBar(props: {
  fields: SearchField[];
  /** The values searched for when the panel first shows (from the address, or kept while it was hidden). */
  initial?: SearchValues;
  onSearch: (values: SearchValues) => void;
  /** Fields one under the other, each as wide as the screen. */
  phone?: boolean;
}) {
  const [values, setValues] = useState<SearchValues>(() => props.initial ?? {});
  const label = useLabel();
  const t = useRuntimeText();
  const prompt = usePrompt();
  const idPrefix = useId();
  const labelOf = (field: SearchField) => label(field.label);
  const control = (field: SearchField, id: string) => {
    const value = values[field.field];
    const onChange = (next: unknown) => setValues((current) => ({ ...current, [field.field]: next }));
    if (field.type === 'dict')
      return <DictSearch id={id} field={field} label={labelOf(field)} value={value} onChange={onChange} />;
    if (field.type === 'lookup') {
      return <LookupSearch id={id} field={field} label={labelOf(field)} value={value} onChange={onChange} />;
    }
    if (isMonth(field)) return <MonthPicker id={id} value={value as Dayjs | undefined} onChange={onChange} />;
    if (field.type === 'dateRange') {
      return (
        <DateRange
          id={id}
          placeholder={[t('start'), t('end')]}
          format="YYYY-MM-DD"
          value={value as RangePickerProps['value']}
          onChange={onChange}
        />
      );
    }
    if (field.type === 'numberRange') return <NumberRange value={value as [number?, number?]} onChange={onChange} />;
    return (
      <Input
        id={id}
        allowClear
        placeholder={prompt.enter(labelOf(field))}
        value={(value as string | undefined) ?? ''}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  };
  return (
    <form
      className={props.phone ? 'crud-search crud-search-phone' : 'crud-search'}
      onSubmit={(event) => {
        event.preventDefault();
        props.onSearch(values);
      }}
    >
      <Flex
        wrap
        gap="8px 16px"
        align={props.phone ? 'stretch' : 'center'}
        vertical={props.phone}
        style={{ marginBottom: 16 }}
      >
        {props.fields.map((field) => {
          const id = `${idPrefix}${field.field}`;
          return (
            <SearchItem key={field.field} id={id} label={labelOf(field)}>
              {control(field, id)}
            </SearchItem>
          );
        })}
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              // Emptied, not reset: resetting would bring back the values the screen was opened with.
              setValues({});
              props.onSearch({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Flex>
    </form>
  );
}
