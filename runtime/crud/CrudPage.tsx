// One list block drawn from its controller: search panel, toolbar, table (plain, tree or beside a filtering tree),
// and its dialogs. What the list does lives in controller/useCrudController.
import { Alert, Button, Flex } from 'antd';
import { lazy, Suspense } from 'react';
import { useActionRunner } from '../actions/useActionRunner';
import { useRuntimeText } from '../i18n/label';
import type { ListScreen, Row } from '../schema/types';
import { CrudDialogs } from './CrudDialogs';
import { CrudTable } from './CrudTable';
import { type CrudControllerOptions, useCrudController } from './controller/useCrudController';
import { useRowButtons } from './rowButtons';
import { SearchBar } from './SearchBar';
import { Toolbar } from './Toolbar';
import { useToolbarButtons } from './ToolbarButtons';

export interface CrudPageProps extends CrudControllerOptions {
  page: ListScreen;
  /** Values a new record starts with. */
  initial?: Row;
}

// The filtering tree (users by department) loads with the screens that have one.
const LeftTree = lazy(() => import('./LeftTree').then((module) => ({ default: module.LeftTree })));

const DEFAULT_TOOLBAR = ['add', 'delete', 'refresh', 'search', 'columns'] as const;

export function CrudPage({ page, fixedQuery, initial }: CrudPageProps) {
  const crud = useCrudController(page, { fixedQuery });
  const t = useRuntimeText();
  const actions = useActionRunner(page, crud.refresh);
  const toolbar = page.toolbar ?? [...DEFAULT_TOOLBAR];
  const rowButtons = useRowButtons(crud, actions.run);
  const left = useToolbarButtons(crud, toolbar, actions.run);
  const searchable = crud.search.fields.length > 0;

  const table = (
    <div style={{ flex: 1, minWidth: 0 }}>
      {crud.search.shown && searchable ? (
        <SearchBar fields={crud.search.fields} initial={crud.search.values} onSearch={crud.search.run} />
      ) : null}
      <Toolbar
        left={left}
        onRefresh={toolbar.includes('refresh') ? crud.refresh : undefined}
        onToggleSearch={toolbar.includes('search') && searchable ? crud.search.toggle : undefined}
        columns={toolbar.includes('columns') ? { all: page.columns, ...crud.columns } : undefined}
        onExport={toolbar.includes('export') ? crud.exportRows : undefined}
        exporting={Boolean(crud.exporting)}
      />
      {crud.exporting && (
        <Alert
          type="info"
          title={crud.exporting}
          role="status"
          action={
            <Button size="small" onClick={crud.cancelExport}>
              {t('cancelExport')}
            </Button>
          }
          style={{ marginBottom: 12 }}
        />
      )}
      {crud.error && <Alert type="error" showIcon title={crud.error.message} style={{ marginBottom: 12 }} />}
      <CrudTable
        crud={crud}
        selectable={toolbar.includes('delete') || Boolean(page.toolbarActions?.length)}
        rowButtons={rowButtons}
      />
    </div>
  );

  return (
    <>
      {page.leftTree ? (
        <Flex gap={16} align="flex-start">
          <Suspense fallback={<div style={{ width: 240, flex: 'none' }} />}>
            <LeftTree spec={page.leftTree} value={crud.branch.value} onSelect={crud.branch.choose} />
          </Suspense>
          {table}
        </Flex>
      ) : (
        table
      )}
      <CrudDialogs crud={crud} initial={initial} />
      {actions.dialog}
    </>
  );
}
