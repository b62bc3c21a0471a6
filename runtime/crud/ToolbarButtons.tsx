// The toolbar's left side: add, delete the ticked rows, and the definition's toolbar actions.
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { toolbarActionButtons } from '../actions/buttons';
import type { ActionTarget } from '../actions/context';
import { useLabel, useRuntimeText } from '../i18n/label';
import { usePermissionSet } from '../permissions';
import type { Action, ToolbarItem } from '../schema/types';
import type { CrudController } from './controller/useCrudController';

export function useToolbarButtons(
  crud: CrudController,
  toolbar: ToolbarItem[],
  runAction: (action: Action, target: ActionTarget) => void,
): ReactNode[] {
  const t = useRuntimeText();
  const label = useLabel();
  const can = usePermissionSet();
  const { page } = crud;
  const ops = page.operations ?? {};
  return [
    toolbar.includes('add') && page.form && can(ops.add) ? (
      <Button key="add" type="primary" onClick={() => crud.openDialog('add')}>
        {t('add')}
      </Button>
    ) : null,
    toolbar.includes('delete') && can(ops.delete) ? (
      <Button key="delete" danger onClick={() => crud.remove(crud.selection.rows)}>
        {t('batchDelete')}
      </Button>
    ) : null,
    ...toolbarActionButtons(page.toolbarActions, crud.selection.rows, {
      can,
      label,
      rowKey: crud.rowKey,
      run: runAction,
    }),
  ].filter(Boolean);
}
