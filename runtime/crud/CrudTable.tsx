// The table of a list: its columns, rows, paging, sort, ticked rows and the tree's opened rows.
import { Table, type TableProps } from 'antd';
import { useCallback, useMemo, useRef } from 'react';
import { flatRows } from '../data/tree-rows';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Column, Row } from '../schema/types';
import { tableColumns } from './columns';
import type { CrudController } from './controller/useCrudController';
import type { RowButton } from './RowOperations';
import { summaryRow } from './SummaryRow';
import { useStickyColumns } from './stickyColumns';
import { TickBox } from './TickBox';

/**
 * Rows on screen stay as they are while a search, a page or a sort is on its way; the spinner (and antd's dimming of
 * every row under it) comes only when the answer takes longer than this, so a quick answer redraws the rows once
 * without a flash. An empty list shows the spinner at once.
 */
const REDRAW_SPINNER_DELAY = 300;

export function CrudTable(props: {
  crud: CrudController;
  selectable: boolean;
  rowButtons: { buttons: (row: Row) => RowButton[]; any: boolean };
}) {
  const { crud, selectable } = props;
  const label = useLabel();
  const t = useRuntimeText();
  const { page, registry, tree, paging } = crud;
  const hasRowButtons = props.rowButtons.any;
  const area = useRef<HTMLDivElement>(null);
  useStickyColumns(area);

  // The table re-renders its 200 rows only when columns or rows change: the buttons read the latest handlers
  // through a ref instead of making new columns on every render.
  const latestButtons = useRef(props.rowButtons.buttons);
  latestButtons.current = props.rowButtons.buttons;
  const columns = useMemo(
    () =>
      tableColumns({
        columns: page.columns,
        hidden: crud.columns.hidden,
        label,
        registry,
        sort: crud.sorting.sort,
        operationsTitle: t('operations'),
        rowButtons: (row) => latestButtons.current(row),
        hasRowButtons,
      }),
    [page.columns, crud.columns.hidden, label, registry, crud.sorting.sort, t, hasRowButtons],
  );

  const summary = page.summary
    ? summaryRow({ columns, fields: page.summary.fields, label: label(page.summary.label), selectable })
    : undefined;

  // What antd's table derives its columns and rows from stays the same object while only the loading state or the
  // rows change, so a search that keeps rows redraws neither them nor the tick column; the handlers read the latest
  // controller through a ref.
  const latest = useRef(crud);
  latest.current = crud;
  const rowKey = useCallback((row: Row) => String(row[latest.current.rowKey]), []);
  const onTicked = useCallback((_keys: unknown, chosen: Row[]) => {
    const { selection, tree: current } = latest.current;
    selection.set(chosen.filter((row) => row && !current.isPlaceholder(row)));
  }, []);
  // Each row's tick is a light one of the list's own (TickBox.tsx); antd's column keeps the header's tick-all.
  const renderCell = useCallback(
    (checked: boolean, row: Row, index: number) => (
      <TickBox
        checked={checked}
        label={t('tickRow', { row: index + 1 })}
        onTick={(on, range) => {
          const { selection, rows, tree: current } = latest.current;
          const shown = flatRows(rows).filter((each) => !current.isPlaceholder(each));
          selection.tick(shown, rowKey(row), on, range);
        }}
      />
    ),
    [t, rowKey],
  );
  const tickPage = useCallback(() => ({ 'aria-label': t('tickPage') }), [t]);
  const selectedRowKeys = crud.selection.keys;
  const rowSelection = useMemo<TableProps<Row>['rowSelection']>(
    () =>
      selectable ? { selectedRowKeys, onChange: onTicked, renderCell, getTitleCheckboxProps: tickPage } : undefined,
    [selectable, selectedRowKeys, onTicked, renderCell, tickPage],
  );
  const onChange = useCallback<NonNullable<TableProps<Row>['onChange']>>((_pagination, _filters, sorter, extra) => {
    if (extra.action !== 'sort') return;
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    latest.current.sorting.sortBy({ field: one?.field ? String(one.field) : undefined, order: one?.order ?? null });
  }, []);

  // The tick column stays with the page's columns fixed at the left, as antd's `fixed` kept it.
  const fixesLeft = page.columns.some(
    (column) => column.fixed === 'left' && !crud.columns.hidden.includes(column.field),
  );
  return (
    <div ref={area} className="console-crud-table" data-fix-selection={selectable && fixesLeft ? '' : undefined}>
      <Table<Row>
        summary={summary}
        rowKey={rowKey}
        size="middle"
        bordered
        loading={{ spinning: crud.loading, delay: crud.rows.length ? REDRAW_SPINNER_DELAY : 0 }}
        dataSource={crud.rows}
        columns={columns}
        tableLayout={tableLayout(page.columns, hasRowButtons)}
        rowSelection={rowSelection}
        expandable={page.tree ? { expandedRowKeys: tree.expanded, onExpand: tree.onExpand } : undefined}
        onChange={onChange}
        pagination={
          paging
            ? {
                current: paging.current,
                pageSize: paging.size,
                total: crud.total,
                pageSizeOptions: paging.sizes,
                showSizeChanger: true,
                showTotal: (total) => t('total', { count: total }),
                onChange: paging.go,
              }
            : false
        }
      />
    </div>
  );
}

/**
 * The layout antd chose with `scroll.x: 'max-content'`, which the table no longer gets (stickyColumns.ts): the columns
 * as wide as their content; clipped columns without fixed ones (no operations either) in the widths they name.
 */
function tableLayout(columns: Column[], hasRowButtons: boolean): 'auto' | 'fixed' {
  const fixed = hasRowButtons || columns.some((column) => column.fixed);
  return !fixed && columns.some((column) => column.ellipsis) ? 'fixed' : 'auto';
}
