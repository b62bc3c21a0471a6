// The search panel: text, dictionary select, linked-row select, date range and number range fields, with search and
// reset.
import { Button, Form, Input, Select, Space } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker';
import { lazy, Suspense } from 'react';
import { useDictionary } from '../data/dictionary';
import { useLookup } from '../data/lookup';
import type { SearchValues } from '../data/provider';
import { useLabel, usePrompt, useRuntimeText } from '../i18n/label';
import type { SearchField } from '../schema/types';

// antd's date picker and number input are large: they load when a screen searches by a range, not with every list.
const RangePicker = lazy(() =>
  import('antd/es/date-picker').then((module) => ({ default: module.default.RangePicker })),
);
const InputNumber = lazy(() => import('antd/es/input-number'));

function DateRange(props: RangePickerProps) {
  return (
    <Suspense fallback={<Input disabled />}>
      <RangePicker {...props} />
    </Suspense>
  );
}

function DictSearch({
  field,
  label,
  ...rest
}: {
  field: SearchField;
  label: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
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
function LookupSearch({
  field,
  label,
  ...rest
}: {
  field: SearchField;
  label: string;
  value?: unknown;
  onChange?: (v: unknown) => void;
}) {
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
    <Suspense fallback={<Input disabled />}>
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

export function SearchBar(props: {
  fields: SearchField[];
  /** The values searched for when the panel first shows (from the address, or kept while it was hidden). */
  initial?: SearchValues;
  onSearch: (values: SearchValues) => void;
}) {
  const [form] = Form.useForm<SearchValues>();
  const label = useLabel();
  const t = useRuntimeText();
  const prompt = usePrompt();
  const labelOf = (field: SearchField) => label(field.label);
  return (
    <Form
      form={form}
      className="crud-search"
      layout="inline"
      initialValues={props.initial}
      onFinish={props.onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {props.fields.map((field) => (
        <Form.Item key={field.field} name={field.field} label={labelOf(field)}>
          {field.type === 'dict' ? (
            <DictSearch field={field} label={labelOf(field)} />
          ) : field.type === 'lookup' ? (
            <LookupSearch field={field} label={labelOf(field)} />
          ) : field.type === 'dateRange' ? (
            <DateRange placeholder={[t('start'), t('end')]} format="YYYY-MM-DD" />
          ) : field.type === 'numberRange' ? (
            <NumberRange />
          ) : (
            <Input allowClear placeholder={prompt.enter(labelOf(field))} />
          )}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('search')}
          </Button>
          <Button
            onClick={() => {
              // Emptied, not reset: resetting would bring back the values the screen was opened with.
              form.setFieldsValue(Object.fromEntries(props.fields.map((field) => [field.field, undefined])));
              props.onSearch({});
            }}
          >
            {t('reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
