// The buttons of a list's actions: on each row (judged over the row) and on the toolbar (judged over the selection).
import { Button } from 'antd';
import type { ReactNode } from 'react';
import type { RowButton } from '../crud/RowOperations';
import type { Action, Label, Permission, Row } from '../schema/types';
import { type ActionTarget, isDisabled, isVisible, ruleData } from './context';

interface ButtonsOptions {
  can: (code: Permission | undefined) => boolean;
  label: (label: Label) => string;
  rowKey: string;
  run: (action: Action, target: ActionTarget) => void;
}

/** Whether anyone signed in as this session is offered at least one of these actions. */
export const anyOffered = (actions: Action[] | undefined, can: ButtonsOptions['can']): boolean =>
  (actions ?? []).some((action) => can(action.permission));

export function rowActionButtons(actions: Action[] | undefined, row: Row, options: ButtonsOptions): RowButton[] {
  if (!actions?.length) return [];
  const target = { row, rows: [row] };
  const data = ruleData(target, options.rowKey);
  return (actions ?? [])
    .filter((action) => options.can(action.permission) && isVisible(action, data))
    .map((action) => ({
      key: action.id,
      text: options.label(action.label),
      danger: action.danger,
      disabled: isDisabled(action, data),
      onClick: () => options.run(action, target),
    }));
}

export function toolbarActionButtons(actions: Action[] | undefined, rows: Row[], options: ButtonsOptions): ReactNode[] {
  const target = { rows };
  const data = ruleData(target, options.rowKey);
  return (actions ?? [])
    .filter((action) => options.can(action.permission) && isVisible(action, data))
    .map((action) => (
      <Button
        key={action.id}
        danger={action.danger}
        disabled={isDisabled(action, data)}
        onClick={() => options.run(action, target)}
      >
        {options.label(action.label)}
      </Button>
    ));
}
