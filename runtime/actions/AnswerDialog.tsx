// Shows one field of an action's answer: a generated password to copy, a report's figures, or its rows in a table
// with the definition's columns (a reconcile report's differences).
import { Descriptions, Modal, Table, Typography } from 'antd';
import { useRuntime } from '../config';
import { formatOf } from '../crud/fields';
import { formatterOf } from '../format/Cell';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Column, Label, Row } from '../schema/types';

export interface AnswerDialogProps {
  title: Label;
  value: unknown;
  /** Labels and formats for the answer's fields, or for the columns of its rows. */
  columns?: Column[];
  /** What an answer without rows says. */
  empty?: Label;
  onClose: () => void;
}

export function AnswerDialog(props: AnswerDialogProps) {
  const label = useLabel();
  const t = useRuntimeText();
  const { value } = props;
  return (
    <Modal
      open
      title={label(props.title)}
      width={props.columns && Array.isArray(value) ? 720 : undefined}
      okText={t('close')}
      onOk={props.onClose}
      onCancel={props.onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {props.columns ? (
        <Described value={value} columns={props.columns} empty={props.empty} />
      ) : value !== null && typeof value === 'object' && !Array.isArray(value) ? (
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

/** The answer through the definition's columns: rows as a table, one record as labelled figures. */
function Described({ value, columns, empty }: { value: unknown; columns: Column[]; empty?: Label }) {
  const label = useLabel();
  const { registry } = useRuntime();
  const cell = (column: Column, row: Row) => {
    const found = formatterOf(formatOf(column), registry);
    const Cell = found?.formatter.Cell;
    const item = row[column.field];
    return Cell ? <Cell value={item} row={row} options={found.options} /> : text(item);
  };
  if (Array.isArray(value)) {
    const rows = value as Row[];
    return (
      <Table
        size="small"
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        rowKey={(row) => rows.indexOf(row)}
        dataSource={rows}
        locale={empty ? { emptyText: label(empty) } : undefined}
        columns={columns.map((column) => ({
          key: column.field,
          title: label(column.label),
          render: (_: unknown, row: Row) => cell(column, row),
        }))}
      />
    );
  }
  const record = (value ?? {}) as Row;
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      items={columns.map((column) => ({
        key: column.field,
        label: label(column.label),
        children: cell(column, record),
      }))}
    />
  );
}

const text = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
