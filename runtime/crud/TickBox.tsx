// A row's tick in the list's first column: a native checkbox drawn in antd's look from the theme's variables. antd's
// own is three elements, a component and a set of CSS variables of its own per row, which made about a third of the
// frame after a 200-row list; this is one element and a few rules.
import { installStyle } from './installStyle';

/** antd's checkbox (16 px, the theme's border, primary and radius), without its wave: motion is off in the list. */
const css = `
.console-tick {
  appearance: none; position: relative; box-sizing: border-box; display: inline-block; vertical-align: middle;
  width: 16px; height: 16px; margin: 0; cursor: pointer;
  border: 1px solid var(--ant-color-border, #d9d9d9); border-radius: var(--ant-border-radius-sm, 4px);
  background: var(--ant-color-bg-container, #fff);
}
.console-tick:hover { border-color: var(--ant-color-primary, #1677ff); }
.console-tick:checked { background: var(--ant-color-primary, #1677ff); border-color: var(--ant-color-primary, #1677ff); }
.console-tick:checked:hover { background: var(--ant-color-primary-hover, #4096ff); border-color: transparent; }
.console-tick:checked::after {
  content: ''; position: absolute; top: 50%; inset-inline-start: 25%; box-sizing: border-box; width: 5.7px; height: 9.1px;
  border: 2px solid var(--ant-color-white, #fff); border-top: 0; border-inline-start: 0;
  transform: rotate(45deg) translate(-50%, -50%);
}
.console-tick:focus-visible { outline: 2px solid var(--ant-color-primary-border, #91caff); outline-offset: 1px; }
`;

/** `range`: the tick was made with Shift held, to tick or clear every row from the last one ticked to this one. */
export function TickBox(props: { checked: boolean; label: string; onTick: (on: boolean, range: boolean) => void }) {
  installStyle('row-ticks', css);
  return (
    <input
      type="checkbox"
      className="console-tick"
      checked={props.checked}
      aria-label={props.label}
      onChange={(event) => props.onTick(event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)}
    />
  );
}
