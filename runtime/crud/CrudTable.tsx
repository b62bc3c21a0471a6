// The table of a list: its columns, rows, paging, sort, ticked rows and the tree's opened rows.
import { Table } from 'antd';
import TableMeasureRowContext from 'antd/es/table/TableMeasureRowContext';
import { type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Row } from '../schema/types';
import { type RowButton, tableColumns } from './columns';
import type { CrudController } from './controller/useCrudController';
import { summaryRow } from './SummaryRow';

/**
 * The tick-all box of the header. The table also draws every header once more, hidden, to measure the columns; there
 * a second focusable box would sit inside hidden content, so a plain box of the same width stands in.
 */
function TickAll({ box }: { box: ReactNode }) {
  return useContext(TableMeasureRowContext) ? <span style={{ display: 'inline-block', width: 16 }} /> : box;
}

/** A table wider than the screen scrolls sideways; the keyboard reaches that scroll when the table area takes focus. */
function useScrollableByKeyboard() {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const scroller of area.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) {
      if (scroller.scrollWidth > scroller.clientWidth) scroller.tabIndex = 0;
      else scroller.removeAttribute('tabindex');
    }
  });
  return area;
}

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
  const area = useScrollableByKeyboard();

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

  return (
    <div ref={area}>
      <Table<Row>
        summary={summary}
        rowKey={(row) => String(row[crud.rowKey])}
        size="middle"
        bordered
        loading={crud.loading}
        dataSource={crud.rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: crud.selection.keys,
                columnTitle: (box) => <TickAll box={box} />,
                onChange: (_keys, chosen) =>
                  crud.selection.set(chosen.filter((row) => row && !tree.isPlaceholder(row))),
              }
            : undefined
        }
        expandable={page.tree ? { expandedRowKeys: tree.expanded, onExpand: tree.onExpand } : undefined}
        onChange={(_pagination, _filters, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          crud.sorting.sortBy({ field: one?.field ? String(one.field) : undefined, order: one?.order ?? null });
        }}
        pagination={
          paging
            ? {
                current: paging.current,
                pageSize: paging.size,
                total: crud.total,
                pageSizeOptions: paging.sizes,
                showSizeChanger: true,
                showTotal: (total) => t('total', { total }),
                onChange: paging.go,
              }
            : false
        }
      />
    </div>
  );
}
