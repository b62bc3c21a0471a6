// A list's totals row (`summary`): the named columns summed over the rows shown, each through its column's own
// formatter, so a total reads like the cells above it (cents as yuan). Other columns stay empty; the first shows the
// row's label.
import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { Row } from '../schema/types';

export function summaryRow(options: {
  columns: TableColumnsType<Row>;
  fields: string[];
  label: string;
  selectable: boolean;
}): (rows: readonly Row[]) => ReactNode {
  return (rows) => {
    const offset = options.selectable ? 1 : 0;
    return (
      <Table.Summary fixed>
        <Table.Summary.Row>
          {options.selectable && <Table.Summary.Cell index={0} />}
          {options.columns.map((column, index) => {
            const field = String(column.key);
            const cell = (content: ReactNode) => (
              <Table.Summary.Cell key={field} index={index + offset} className={column.className}>
                {content}
              </Table.Summary.Cell>
            );
            if (!options.fields.includes(field)) return cell(index === 0 ? <strong>{options.label}</strong> : null);
            // Hours to 0.1 add up without the float's stray digits (0.1 + 0.2).
            const total = Math.round(rows.reduce((sum, row) => sum + (Number(row[field]) || 0), 0) * 100) / 100;
            const render = 'render' in column ? column.render : undefined;
            // The columns' renders draw a formatter's cell, never antd's cell props.
            return cell(<strong>{render ? (render(total, {}, -1) as ReactNode) : total}</strong>);
          })}
        </Table.Summary.Row>
      </Table.Summary>
    );
  };
}
