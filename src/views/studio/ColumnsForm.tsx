// The common edits of a list's columns as a form beside the JSON: label, order, width, hidden, searchable, format.
// The JSON stays the source: every change here writes it, and a change there shows here.
import { Button, Checkbox, Input, InputNumber, Space, Table, Typography } from 'antd';
import { useStudioText } from './texts';

type Column = Record<string, unknown> & { field?: string };
type Page = { blocks?: Array<Record<string, unknown> & { type?: string; columns?: Column[] }> };

const labelIn = (label: unknown, lang: 'zh' | 'en'): string =>
  typeof label === 'string' ? label : ((label as Record<string, string> | undefined)?.[lang] ?? '');

/** A copy of the column with `key` set, or removed when the value is empty or false. */
function withValue(column: Column, key: string, value: unknown): Column {
  const next = { ...column };
  if (value === undefined || value === null || value === '' || value === false) delete next[key];
  else next[key] = value;
  return next;
}

export function ColumnsForm({ page, onChange }: { page: unknown; onChange: (page: unknown) => void }) {
  const t = useStudioText();
  const definition = page as Page;
  const listIndex =
    definition?.blocks?.findIndex((block) => block.type === 'list' && Array.isArray(block.columns)) ?? -1;
  if (listIndex < 0) return <Typography.Text type="secondary">{t('noList')}</Typography.Text>;
  const columns = (definition.blocks?.[listIndex].columns ?? []) as Column[];

  const write = (next: Column[]) => {
    const blocks = [...(definition.blocks ?? [])];
    blocks[listIndex] = { ...blocks[listIndex], columns: next };
    onChange({ ...definition, blocks });
  };
  const change = (index: number, key: string, value: unknown) =>
    write(columns.map((column, i) => (i === index ? withValue(column, key, value) : column)));
  const changeLabel = (index: number, lang: 'zh' | 'en', text: string) => {
    const label = columns[index].label;
    const both = { zh: labelIn(label, 'zh'), en: labelIn(label, 'en'), [lang]: text };
    change(index, 'label', both);
  };
  const move = (index: number, by: number) => {
    const next = [...columns];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved);
    write(next);
  };

  return (
    <Table<Column & { index: number }>
      size="small"
      pagination={false}
      scroll={{ x: 760 }}
      rowKey={(row) => `${row.field ?? ''}-${row.index}`}
      dataSource={columns.map((column, index) => ({ ...column, index }))}
      columns={[
        { title: t('field'), dataIndex: 'field', width: 120 },
        {
          title: t('labelZh'),
          width: 120,
          render: (_, row) => (
            <Input
              size="small"
              aria-label={`${row.field} ${t('labelZh')}`}
              value={labelIn(row.label, 'zh')}
              onChange={(e) => changeLabel(row.index, 'zh', e.target.value)}
            />
          ),
        },
        {
          title: t('labelEn'),
          width: 120,
          render: (_, row) => (
            <Input
              size="small"
              aria-label={`${row.field} ${t('labelEn')}`}
              value={labelIn(row.label, 'en')}
              onChange={(e) => changeLabel(row.index, 'en', e.target.value)}
            />
          ),
        },
        {
          title: t('width'),
          width: 90,
          render: (_, row) => (
            <InputNumber
              size="small"
              min={40}
              aria-label={`${row.field} ${t('width')}`}
              value={typeof row.width === 'number' ? row.width : null}
              onChange={(value) => change(row.index, 'width', value ?? undefined)}
            />
          ),
        },
        {
          title: t('hidden'),
          width: 60,
          render: (_, row) => (
            <Checkbox
              aria-label={`${row.field} ${t('hidden')}`}
              checked={row.hidden === true}
              onChange={(e) => change(row.index, 'hidden', e.target.checked)}
            />
          ),
        },
        {
          title: t('searchable'),
          width: 70,
          render: (_, row) => (
            <Checkbox
              aria-label={`${row.field} ${t('searchable')}`}
              checked={Boolean(row.search)}
              onChange={(e) => change(row.index, 'search', e.target.checked)}
            />
          ),
        },
        {
          title: t('format'),
          width: 110,
          render: (_, row) =>
            typeof row.format === 'object' ? (
              <Typography.Text code>{String((row.format as { name?: string }).name)}</Typography.Text>
            ) : (
              <Input
                size="small"
                aria-label={`${row.field} ${t('format')}`}
                value={typeof row.format === 'string' ? row.format : ''}
                onChange={(e) => change(row.index, 'format', e.target.value)}
              />
            ),
        },
        {
          title: t('order'),
          width: 110,
          render: (_, row) => (
            <Space size={4}>
              <Button size="small" disabled={row.index === 0} onClick={() => move(row.index, -1)}>
                {t('up')}
              </Button>
              <Button size="small" disabled={row.index === columns.length - 1} onClick={() => move(row.index, 1)}>
                {t('down')}
              </Button>
            </Space>
          ),
        },
      ]}
    />
  );
}
