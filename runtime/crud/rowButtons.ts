// The buttons of a row: view, edit, delete (as the person's button codes and the locked rows allow), the child list,
// and the definition's row actions.
import { useMemo } from 'react';
import { anyOffered, rowActionButtons } from '../actions/buttons';
import type { ActionTarget } from '../actions/context';
import { useLabel, useRuntimeText } from '../i18n/label';
import { evaluate } from '../logic/evaluate';
import { sessionRoles, usePermissionSet } from '../permissions';
import type { Action, Row } from '../schema/types';
import type { CrudController } from './controller/useCrudController';
import type { RowButton } from './RowOperations';

export function useRowButtons(crud: CrudController, runAction: (action: Action, target: ActionTarget) => void) {
  const t = useRuntimeText();
  const label = useLabel();
  const can = usePermissionSet();
  const { page } = crud;
  const ops = page.operations ?? {};

  // Translated once per render, not once per row: a list of 200 rows asks for its buttons 200 times.
  const texts = useMemo(
    () => ({
      view: t('view'),
      edit: t('edit'),
      delete: t('delete'),
      child: page.child ? label(page.child.openLabel ?? page.child.title) : '',
    }),
    [t, label, page.child],
  );

  // The server refuses changes to these rows as well; the console just does not offer them.
  const locked = (row: Row): boolean =>
    page.lockedRows !== undefined &&
    !sessionRoles().includes(page.lockedRows.unlessRole) &&
    evaluate(page.lockedRows.when, row, false);

  const buttons = (row: Row): RowButton[] => {
    const result: RowButton[] = [];
    const changeable = !locked(row);
    if ((page.form || page.view) && can(ops.view))
      result.push({
        key: 'view',
        text: texts.view,
        onClick: () => (page.view ? crud.setViewing(row) : crud.openDialog('view', row)),
      });
    if (page.form && can(ops.edit) && changeable)
      result.push({ key: 'edit', text: texts.edit, onClick: () => crud.openDialog('edit', row) });
    if (can(ops.delete) && changeable)
      result.push({ key: 'delete', text: texts.delete, danger: true, onClick: () => crud.remove([row]) });
    if (page.child)
      result.push({
        key: 'child',
        text: texts.child,
        onClick: () => crud.setParent(row),
      });
    result.push(...rowActionButtons(page.rowActions, row, { can, label, rowKey: crud.rowKey, run: runAction }));
    return result;
  };

  const any =
    Boolean(page.form && (can(ops.view) || can(ops.edit))) ||
    Boolean(page.view && can(ops.view)) ||
    can(ops.delete) ||
    Boolean(page.child) ||
    anyOffered(page.rowActions, can);

  return { buttons, any };
}
