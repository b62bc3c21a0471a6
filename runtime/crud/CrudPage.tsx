// One screen from one definition: search panel, toolbar, table (plain, tree or beside a filtering tree), row actions,
// the form dialog and the child screen of a parent row.
import { Alert, App, Button, Drawer, Flex, Table } from 'antd';
import { lazy, Suspense, useMemo, useRef, useState } from 'react';
import { usePageReload } from '../blocks/reload';
import { type Query, useList } from '../data/list';
import { removeRecords, resourceUrl } from '../data/mutations';
import { useLabel, useLang, useRuntimeText } from '../i18n/label';
import { evaluate } from '../logic/evaluate';
import { sessionRoles, usePermissionSet } from '../permissions';
import type { FormMode, ListScreen, Row } from '../schema/types';
import { useActionRunner } from './actions';
import { childPage } from './childPage';
import { useColumnSettings } from './columnSettings';
import { type RowButton, tableColumns } from './columns';
import { cellText, collectRows, download, writeWorkbook } from './exportExcel';
import { LeftTree } from './LeftTree';
import { tidyTree, useLazyTree } from './lazyTree';
import { type SearchValues, sortQuery, toQuery } from './query';
import { SearchBar } from './SearchBar';
import { Toolbar } from './Toolbar';

export const PAGE_SIZES = [10, 30, 50, 100, 200];

// The form machinery (rjsf, ajv) loads when a dialog first opens, so a list shows sooner.
const FormDialog = lazy(() => import('../form/FormDialog').then((module) => ({ default: module.FormDialog })));
const ViewDrawer = lazy(() => import('../blocks/view/ViewDrawer'));

export interface CrudPageProps {
  page: ListScreen;
  /** Parameters every list call carries (a child screen's parentId). */
  fixedQuery?: Query;
  /** Values a new record starts with. */
  initial?: Row;
}

export function CrudPage({ page, fixedQuery, initial }: CrudPageProps) {
  const label = useLabel();
  const lang = useLang();
  const t = useRuntimeText();
  const can = usePermissionSet();
  const { message, modal } = App.useApp();
  const rowKey = page.rowKey ?? 'id';
  const paging = page.paging ?? page.layout !== 'tree';
  const toolbar = page.toolbar ?? ['add', 'delete', 'refresh', 'search', 'columns'];
  const ops = page.operations ?? {};
  const urls = {
    detail: page.api.detail ?? resourceUrl(page.api.list, 'detail'),
    submit: page.api.submit ?? resourceUrl(page.api.list, 'submit'),
    update: page.api.update ?? page.api.submit ?? resourceUrl(page.api.list, 'submit'),
    remove: page.api.remove ?? resourceUrl(page.api.list, 'remove'),
  };

  const [search, setSearch] = useState<SearchValues>({});
  const [showSearch, setShowSearch] = useState(true);
  const [paper, setPaper] = useState({ current: 1, size: 10 });
  const [sort, setSort] = useState<{ field?: string; order?: 'ascend' | 'descend' | null }>({});
  const [selected, setSelected] = useState<Row[]>([]);
  const [branch, setBranch] = useState<string>();
  const [dialog, setDialog] = useState<{ mode: FormMode; record?: Row }>();
  const [parent, setParent] = useState<Row>();
  const [viewing, setViewing] = useState<Row>();
  const [exporting, setExporting] = useState<string>();
  const settings = useColumnSettings(page.id);
  const tree = useLazyTree(page.tree, page.api.list, rowKey);

  const filters: Query = {
    ...page.api.params,
    ...fixedQuery,
    ...toQuery(page.search ?? [], search),
    ...sortQuery(sort),
    ...(page.tree ? { [page.tree.parentParam]: page.tree.rootValue ?? 0 } : {}),
    ...(page.leftTree && branch ? { [page.leftTree.param]: branch } : {}),
  };
  const query = paging ? { ...filters, current: paper.current, size: paper.size } : filters;
  const list = useList(page.api.list, query);
  const { listReloaded } = usePageReload();
  const refresh = () => {
    listReloaded();
    if (page.tree) void tree.reload();
    setSelected([]);
    void list.mutate();
  };
  const actions = useActionRunner(refresh);

  const remove = (rows: Row[]) => {
    if (!rows.length) {
      message.warning(t('selectAtLeastOne'));
      return;
    }
    modal.confirm({
      title: t('confirmTitle'),
      content: t('confirmDelete'),
      okText: t('ok'),
      cancelText: t('cancel'),
      onOk: async () => {
        try {
          await removeRecords(
            urls.remove,
            rows.map((row) => row[rowKey]),
            page.api.removeParam,
          );
          message.success(t('deleteSuccess'));
          refresh();
        } catch {
          // The request client has already shown the server's message.
        }
      },
    });
  };

  // The server refuses changes to these rows as well; the console just does not offer them.
  const locked = (row: Row): boolean =>
    page.lockedRows !== undefined &&
    !sessionRoles().includes(page.lockedRows.unlessRole) &&
    evaluate(page.lockedRows.when, row, false);

  const rowButtons = (row: Row): RowButton[] => {
    const buttons: RowButton[] = [];
    const changeable = !locked(row);
    if ((page.form || page.view) && can(ops.view))
      buttons.push({
        key: 'view',
        text: t('view'),
        onClick: () => (page.view ? setViewing(row) : setDialog({ mode: 'view', record: row })),
      });
    if (page.form && can(ops.edit) && changeable)
      buttons.push({ key: 'edit', text: t('edit'), onClick: () => setDialog({ mode: 'edit', record: row }) });
    if (can(ops.delete) && changeable)
      buttons.push({ key: 'delete', text: t('delete'), danger: true, onClick: () => remove([row]) });
    if (page.child)
      buttons.push({
        key: 'child',
        text: label(page.child.openLabel ?? page.child.title),
        onClick: () => setParent(row),
      });
    for (const action of page.rowActions ?? []) {
      if (action.permission && !can(action.permission)) continue;
      if (!evaluate(action.visibleWhen, row, true)) continue;
      buttons.push({
        key: action.id,
        text: label(action.label),
        danger: action.danger,
        disabled: evaluate(action.disabledWhen, row, false),
        onClick: () => actions.run(action, row, [row]),
      });
    }
    return buttons;
  };

  const hasRowButtons =
    Boolean(page.form && (can(ops.view) || can(ops.edit))) ||
    Boolean(page.view && can(ops.view)) ||
    can(ops.delete) ||
    Boolean(page.child) ||
    (page.rowActions ?? []).some((a) => !a.permission || can(a.permission));

  // The table re-renders its 200 rows only when columns or rows change: the buttons read the latest handlers
  // through a ref instead of making new columns on every render.
  const latestButtons = useRef(rowButtons);
  latestButtons.current = rowButtons;
  const columns = useMemo(
    () =>
      tableColumns({
        columns: page.columns,
        hidden: settings.hidden,
        label,
        operationsTitle: t('operations'),
        rowButtons: (row) => latestButtons.current(row),
        hasRowButtons,
      }),
    [page.columns, settings.hidden, label, t, hasRowButtons],
  );

  const exportRows = async () => {
    setExporting(t('exporting', { done: 0, total: '…' }));
    try {
      const rows = await collectRows(page.api.list, filters, (done, total) =>
        setExporting(t('exporting', { done, total })),
      );
      const shown = page.columns.filter((c) => c.list !== false && !settings.hidden.includes(c.field));
      const table = await Promise.all(rows.map((row) => Promise.all(shown.map((c) => cellText(c, row, lang)))));
      const title = label(page.title);
      download(
        await writeWorkbook(
          title,
          shown.map((c) => label(c.label)),
          table,
        ),
        `${title}.xlsx`,
      );
      message.success(t('exportDone'));
    } catch {
      // The request client has already shown why the export stopped.
    } finally {
      setExporting(undefined);
    }
  };

  const left = [
    toolbar.includes('add') && page.form && can(ops.add) ? (
      <Button key="add" type="primary" onClick={() => setDialog({ mode: 'add' })}>
        {t('add')}
      </Button>
    ) : null,
    toolbar.includes('delete') && can(ops.delete) ? (
      <Button key="delete" danger onClick={() => remove(selected)}>
        {t('batchDelete')}
      </Button>
    ) : null,
    ...(page.toolbarActions ?? [])
      .filter((action) => !action.permission || can(action.permission))
      .map((action) => (
        <Button key={action.id} danger={action.danger} onClick={() => actions.run(action, undefined, selected)}>
          {label(action.label)}
        </Button>
      )),
  ].filter(Boolean);

  const listRows = list.data?.rows;
  const rows = useMemo(
    () => (page.tree ? tree.attach(listRows ?? []) : tidyRows(listRows ?? [])),
    [page.tree, tree.attach, listRows],
  );
  const selectedKeys = useMemo(() => selected.map((row) => String(row[rowKey])), [selected, rowKey]);
  const selectable = toolbar.includes('delete') || Boolean(page.toolbarActions?.length);

  const table = (
    <div style={{ flex: 1, minWidth: 0 }}>
      {showSearch && page.search?.length ? (
        <SearchBar
          fields={page.search}
          columns={page.columns}
          onSearch={(values) => {
            setSearch(values);
            setPaper((p) => ({ ...p, current: 1 }));
          }}
        />
      ) : null}
      <Toolbar
        left={left}
        onRefresh={toolbar.includes('refresh') ? refresh : undefined}
        onToggleSearch={toolbar.includes('search') && page.search?.length ? () => setShowSearch((s) => !s) : undefined}
        columns={toolbar.includes('columns') ? { all: page.columns, ...settings } : undefined}
        onExport={toolbar.includes('export') ? exportRows : undefined}
        exporting={Boolean(exporting)}
      />
      {exporting && <Alert type="info" title={exporting} style={{ marginBottom: 12 }} />}
      {list.error && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 12 }} />}
      <Table<Row>
        rowKey={(row) => String(row[rowKey])}
        size="middle"
        bordered
        loading={list.isLoading}
        dataSource={rows}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={
          selectable
            ? {
                selectedRowKeys: selectedKeys,
                onChange: (_keys, chosen) => setSelected(chosen.filter((row) => row && !tree.isPlaceholder(row))),
              }
            : undefined
        }
        expandable={page.tree ? { expandedRowKeys: tree.expanded, onExpand: tree.onExpand } : undefined}
        onChange={(_pagination, _filters, sorter) => {
          const one = Array.isArray(sorter) ? sorter[0] : sorter;
          setSort({ field: one?.field ? String(one.field) : undefined, order: one?.order ?? null });
        }}
        pagination={
          paging
            ? {
                current: paper.current,
                pageSize: paper.size,
                total: list.data?.total ?? 0,
                pageSizeOptions: PAGE_SIZES,
                showSizeChanger: true,
                showTotal: (total) => t('total', { total }),
                onChange: (current, size) => setPaper({ current: size === paper.size ? current : 1, size }),
              }
            : false
        }
      />
    </div>
  );

  return (
    <>
      {page.leftTree ? (
        <Flex gap={16} align="flex-start">
          <LeftTree
            spec={page.leftTree}
            value={branch}
            onSelect={(key) => {
              setBranch(key);
              setPaper((p) => ({ ...p, current: 1 }));
            }}
          />
          {table}
        </Flex>
      ) : (
        table
      )}
      {dialog && page.form && (
        <Suspense fallback={null}>
          <FormDialog
            form={page.form}
            columns={page.columns}
            mode={dialog.mode}
            title={page.title}
            record={dialog.record}
            initial={initial}
            rowKey={rowKey}
            detailUrl={urls.detail}
            detailParam={page.api.detailParam}
            submitUrl={dialog.mode === 'add' ? urls.submit : urls.update}
            dialog={page.dialog ?? {}}
            onClose={(changed) => {
              setDialog(undefined);
              if (changed) refresh();
            }}
          />
        </Suspense>
      )}
      {viewing && page.view && (
        <Suspense fallback={null}>
          <ViewDrawer
            view={page.view}
            columns={page.columns}
            title={page.title}
            record={viewing}
            rowKey={rowKey}
            detailUrl={urls.detail}
            detailParam={page.api.detailParam}
            width={page.dialog?.width}
            id={page.id}
            onClose={() => setViewing(undefined)}
          />
        </Suspense>
      )}
      {parent && page.child && (
        <Drawer
          open
          size={page.dialog?.width ?? 880}
          title={label(page.child.title)}
          onClose={() => setParent(undefined)}
        >
          <CrudPage {...childPage(page, parent)} />
        </Drawer>
      )}
      {actions.dialog}
    </>
  );
}

function tidyRows(rows: Row[]): Row[] {
  return rows.some((row) => Array.isArray(row.children)) ? tidyTree(rows) : rows;
}
