// The search panel: text, dictionary select, date range and number range fields, with search and reset.
import { Button, DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import { useDictionary } from '../data/dictionary';
import type { SearchValues } from '../data/provider';
import { useLabel, usePrompt, useRuntimeText } from '../i18n/label';
import type { SearchField } from '../schema/types';

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

function NumberRange({ value, onChange }: { value?: [number?, number?]; onChange?: (v: [number?, number?]) => void }) {
  const t = useRuntimeText();
  const [from, to] = value ?? [];
  return (
    <Space.Compact>
      <InputNumber placeholder={t('min')} value={from} onChange={(v) => onChange?.([v ?? undefined, to])} />
      <InputNumber placeholder={t('max')} value={to} onChange={(v) => onChange?.([from, v ?? undefined])} />
    </Space.Compact>
  );
}

export function SearchBar(props: { fields: SearchField[]; onSearch: (values: SearchValues) => void }) {
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
      onFinish={props.onSearch}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {props.fields.map((field) => (
        <Form.Item key={field.field} name={field.field} label={labelOf(field)}>
          {field.type === 'dict' ? (
            <DictSearch field={field} label={labelOf(field)} />
          ) : field.type === 'dateRange' ? (
            <DatePicker.RangePicker placeholder={[t('start'), t('end')]} format="YYYY-MM-DD" />
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
              form.resetFields();
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
