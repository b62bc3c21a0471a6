// Shows one field of an action's answer: a generated password to copy, a report's figures, or rows as a table (the
// ports of a charging pile) with the cells formatted as in a list.
import { Descriptions, Modal, Table, Typography } from 'antd';
import { useRuntime } from '../config';
import { tableColumns } from '../crud/columns';
import { useLabel, useRuntimeText } from '../i18n/label';
import { useFocusReturn } from '../page/useFocusReturn';
import type { Column, Label, Row } from '../schema/types';

function AnswerTable({ columns, rows }: { columns: Column[]; rows: Row[] }) {
  const label = useLabel();
  const { registry } = useRuntime();
  return (
    <Table<Row>
      size="small"
      rowKey={(row) => String(row.id ?? JSON.stringify(row))}
      pagination={false}
      dataSource={rows}
      columns={tableColumns({
        columns,
        hidden: [],
        label,
        registry,
        sort: {},
        operationsTitle: '',
        rowButtons: () => [],
        hasRowButtons: false,
      })}
    />
  );
}

export function AnswerDialog(props: { title: Label; value: unknown; columns?: Column[]; onClose: () => void }) {
  useFocusReturn();
  const label = useLabel();
  const t = useRuntimeText();
  const { dialogWidth } = useRuntime();
  const { value } = props;
  if (props.columns)
    return (
      <Modal
        open
        width={dialogWidth}
        title={label(props.title)}
        okText={t('close')}
        onOk={props.onClose}
        onCancel={props.onClose}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        <AnswerTable columns={props.columns} rows={Array.isArray(value) ? (value as Row[]) : []} />
      </Modal>
    );
  return (
    <Modal
      open
      title={label(props.title)}
      okText={t('close')}
      onOk={props.onClose}
      onCancel={props.onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {value !== null && typeof value === 'object' && !Array.isArray(value) ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          items={Object.entries(value).map(([key, item]) => ({ key, label: key, children: text(item) }))}
        />
      ) : (
        <Typography.Paragraph copyable={typeof value !== 'object'} code>
          {text(value)}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
