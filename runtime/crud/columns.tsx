// Builds the antd table columns of a screen: labels, widths, formatters, sorting, and the operations column.
import type { TableColumnsType } from 'antd';
import { type ComponentType, memo } from 'react';
import { Definition } from '../blocks/Definition';
import { formatterOf } from '../format/Cell';
import type { Registry } from '../registry';
import type { Column, Label, Row } from '../schema/types';
import type { Sort } from './controller/useSorting';
import { formatOf } from './fields';
import { type RowButton, RowOperations } from './RowOperations';
import { stickyClass } from './stickyColumns';

export type Operation = 'view' | 'edit' | 'delete';

type CellOf = ComponentType<{ value: unknown; row: Row; options: Record<string, unknown> }>;

/** One memoised cell per formatter, so a row drawn again with the same value and options keeps its cells. */
const memoCells = new WeakMap<CellOf, CellOf>();
function memoCell(Cell: CellOf): CellOf {
  let kept = memoCells.get(Cell);
  if (!kept) {
    kept = memo(Cell);
    memoCells.set(Cell, kept);
  }
  return kept;
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
  // Fixed columns stay in view by sticky classes (stickyColumns.ts), not antd's `fixed`, which draws the rows twice.
  const lefts = shown.filter((column) => column.fixed === 'left');
  const rights = shown.filter((column) => column.fixed === 'right');
  const fixedClass = (column: Column) => {
    if (column.fixed === 'left') return stickyClass('left', lefts.indexOf(column), column === lefts.at(-1));
    if (column.fixed === 'right') return stickyClass('right', rights.indexOf(column), column === rights[0]);
    return undefined;
  };
  const result: TableColumnsType<Row> = shown.map((column) => {
    // The formatter is resolved once per column, not once per cell.
    const found = formatterOf(formatOf(column), options.registry);
    const Cell = found ? memoCell(found.formatter.Cell as CellOf) : undefined;
    const cellOptions = found?.options ?? {};
    return {
      key: column.field,
      dataIndex: column.field,
      // A report's column says what it counts behind an info mark beside its name.
      title: column.definition ? (
        <>
          {options.label(column.label)}
          <Definition of={column.label} text={column.definition} />
        </>
      ) : (
        options.label(column.label)
      ),
      width: column.width,
      className: fixedClass(column),
      ellipsis: column.ellipsis,
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable
        ? options.sort.field === column.field
          ? (options.sort.order ?? null)
          : null
        : undefined,
      render: Cell ? (value: unknown, row: Row) => <Cell value={value} row={row} options={cellOptions} /> : undefined,
    };
  });
  if (options.hasRowButtons) {
    result.push({
      key: '__operations',
      title: options.operationsTitle,
      // Always the last column, so the rightmost of the fixed ones; it casts the shadow when no page column is fixed.
      className: stickyClass('right', rights.length, rights.length === 0),
      render: (_: unknown, row: Row) => <RowOperations row={row} buttons={options.rowButtons} />,
    });
  }
  return result;
}
