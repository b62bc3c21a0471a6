// One list block drawn from its controller: search panel, toolbar, table (plain, tree or beside a filtering tree),
// and its dialogs. What the list does lives in controller/useCrudController.
import { Button, Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useActionRunner } from '../actions/useActionRunner';
import { useRuntimeText } from '../i18n/label';
import { LaterAlert } from '../page/LaterAlert';
import { usePhone } from '../phone/usePhone';
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

// On a phone a list is drawn as cards (phone/CrudCards.tsx); their code loads only there.
const CrudCards = lazy(() => import('../phone/CrudCards'));

const DEFAULT_TOOLBAR = ['add', 'delete', 'refresh', 'search', 'columns'] as const;

export function CrudPage({ page, fixedQuery, initial }: CrudPageProps) {
  const crud = useCrudController(page, { fixedQuery });
  const t = useRuntimeText();
  const actions = useActionRunner(page, crud.refresh);
  const toolbar = page.toolbar ?? [...DEFAULT_TOOLBAR];
  const rowButtons = useRowButtons(crud, actions.run);
  const left = useToolbarButtons(crud, toolbar, actions.run);
  const searchable = crud.search.fields.length > 0;
  // On a phone the search panel waits behind the toolbar's 搜索 button and folds away once it has searched; a tree
  // keeps its table (its rows open level by level).
  const phone = usePhone();
  const cards = phone && !page.tree;
  const [phoneSearch, setPhoneSearch] = useState(false);
  const searchShown = phone ? phoneSearch : crud.search.shown;
  const selectable = toolbar.includes('delete') || Boolean(page.toolbarActions?.length);

  const table = (
    <div style={{ flex: 1, minWidth: 0 }}>
      {searchShown && searchable ? (
        <SearchBar
          fields={crud.search.fields}
          initial={crud.search.values}
          phone={phone}
          onSearch={(values) => {
            crud.search.run(values);
            setPhoneSearch(false);
          }}
        />
      ) : null}
      <Toolbar
        left={left}
        phone={phone}
        onRefresh={toolbar.includes('refresh') ? crud.refresh : undefined}
        onToggleSearch={
          phone && searchable
            ? () => setPhoneSearch(!phoneSearch)
            : toolbar.includes('search') && searchable
              ? crud.search.toggle
              : undefined
        }
        columns={toolbar.includes('columns') ? { all: page.columns, ...crud.columns } : undefined}
        onExport={toolbar.includes('export') ? crud.exportRows : undefined}
        exporting={Boolean(crud.exporting)}
      />
      {crud.exporting && (
        <LaterAlert
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
      {crud.error && <LaterAlert type="error" showIcon title={crud.error.message} style={{ marginBottom: 12 }} />}
      {cards ? (
        <Suspense fallback={null}>
          <CrudCards crud={crud} selectable={selectable} rowButtons={rowButtons} />
        </Suspense>
      ) : (
        <CrudTable crud={crud} selectable={selectable} rowButtons={rowButtons} />
      )}
    </div>
  );

  return (
    <>
      {page.leftTree ? (
        <Flex gap={16} align={phone ? 'stretch' : 'flex-start'} vertical={phone}>
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
