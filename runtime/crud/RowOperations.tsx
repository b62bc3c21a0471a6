// A row's buttons (view, edit, delete, the definition's row actions) in the operations column. A 200-row list draws
// 600 of them, so they are plain buttons drawn to look like antd's small link buttons from the theme's variables,
// not antd Buttons in a Space: four elements a row instead of eleven, and a few rules to match instead of antd's
// button styles, which filled most of the style recalculation of the frame after the rows.
import { memo } from 'react';
import { usePermissionSet } from '../permissions';
import type { Row } from '../schema/types';
import { installStyle } from './installStyle';

export interface RowButton {
  key: string;
  text: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}

/** antd's small link button (`type="link" size="small"`), danger and disabled included; motion is off as in the theme. */
const css = `
.console-row-ops { display: inline-flex; flex-wrap: wrap; align-items: center; }
.console-row-op {
  display: inline-flex; align-items: center; justify-content: center; box-sizing: border-box;
  height: var(--ant-control-height-sm, 24px); padding: 0 7px; border: 1px solid transparent;
  border-radius: var(--ant-border-radius-sm, 4px); background: transparent; outline: none;
  font-family: var(--ant-font-family, inherit); font-size: var(--ant-font-size, 14px); font-weight: 400;
  line-height: normal; white-space: nowrap; cursor: pointer; user-select: none; touch-action: manipulation;
  color: var(--ant-color-link, #1677ff);
}
.console-row-op:not(:disabled):hover { color: var(--ant-color-link-hover, #69b1ff); }
.console-row-op:not(:disabled):active { color: var(--ant-color-link-active, #0958d9); }
.console-row-op-danger { color: var(--ant-color-error, #ff4d4f); }
.console-row-op-danger:not(:disabled):hover { color: var(--ant-color-error-hover, #ff7875); }
.console-row-op-danger:not(:disabled):active { color: var(--ant-color-error-active, #d9363e); }
.console-row-op:focus-visible { outline: 3px solid var(--ant-color-primary-border, #91caff); outline-offset: 1px; }
.console-row-op:disabled { cursor: not-allowed; color: var(--ant-color-text-disabled, rgba(0, 0, 0, 0.25)); }
`;

/**
 * A row's buttons, drawn again only when the row, the columns or the person's permissions change (a search that keeps
 * a row keeps its buttons). A click asks for the row's buttons as they are at that moment, so it never runs a handler
 * of an earlier drawing.
 */
export const RowOperations = memo(function RowOperations(props: { row: Row; buttons: (row: Row) => RowButton[] }) {
  const { row, buttons } = props;
  usePermissionSet();
  installStyle('row-operations', css);
  return (
    <div className="console-row-ops">
      {buttons(row).map((button) => (
        <button
          key={button.key}
          type="button"
          className={button.danger ? 'console-row-op console-row-op-danger' : 'console-row-op'}
          disabled={button.disabled}
          onClick={() =>
            buttons(row)
              .find((current) => current.key === button.key)
              ?.onClick()
          }
        >
          {button.text}
        </button>
      ))}
    </div>
  );
});
