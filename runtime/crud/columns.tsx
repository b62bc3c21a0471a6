// Builds the antd table columns of a screen: labels, widths, formatters, sorting, and the operations column.
import type { TableColumnsType } from 'antd';
import { Button, Space } from 'antd';
import { formatterOf } from '../format/Cell';
import type { Registry } from '../registry';
import type { Column, Label, Row } from '../schema/types';
import type { Sort } from './controller/useSorting';
import { formatOf } from './fields';

export type Operation = 'view' | 'edit' | 'delete';

export interface RowButton {
  key: string;
  text: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

export function tableColumns(options: {
  columns: Column[];
  hidden: string[];
  label: (l: Label) => string;
  registry: Registry;
  sort: Sort;
  operationsTitle: string;
  rowButtons: (row: Row) => RowButton[];
  hasRowButtons: boolean;
}): TableColumnsType<Row> {
  const shown = options.columns.filter((c) => !options.hidden.includes(c.field));
  const result: TableColumnsType<Row> = shown.map((column) => {
    // The formatter is resolved once per column, not once per cell.
    const found = formatterOf(formatOf(column), options.registry);
    const Cell = found?.formatter.Cell;
    return {
      key: column.field,
      dataIndex: column.field,
      title: options.label(column.label),
      width: column.width,
      fixed: column.fixed,
      ellipsis: column.ellipsis,
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable
        ? options.sort.field === column.field
          ? (options.sort.order ?? null)
          : null
        : undefined,
      render: Cell ? (value: unknown, row: Row) => <Cell value={value} row={row} options={found.options} /> : undefined,
    };
  });
  if (options.hasRowButtons) {
    result.push({
      key: '__operations',
      title: options.operationsTitle,
      fixed: 'right',
      render: (_: unknown, row: Row) => (
        <Space size={0} wrap>
          {options.rowButtons(row).map((button) => (
            <Button
              key={button.key}
              type="link"
              size="small"
              danger={button.danger}
              disabled={button.disabled}
              onClick={button.onClick}
            >
              {button.text}
            </Button>
          ))}
        </Space>
      ),
    });
  }
  return result;
}
