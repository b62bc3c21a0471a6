// Columns that stay in view while a wide list scrolls sideways: the operations column at the right, a page's
// `fixed` columns at their side. antd's own `fixed` (with `scroll.x`) measures every column after the rows are in the
// page and then draws all the rows a second time with the measured offsets, which filled the frame after a 200-row
// list. Here the cells are `position: sticky` through classes the columns carry from the start, the table scrolls in
// its own box by CSS, and what depends on widths — the shadows and the offset of a second fixed column — is set on the
// table's area by a resize observer and the scroll, without drawing a row again.
import { type RefObject, useEffect } from 'react';
import { installStyle } from './installStyle';

/** The classes a fixed column's header, cells and totals carry; `-first`/`-last` mark the one that casts the shadow. */
export function stickyClass(side: 'left' | 'right', rank: number, edge: boolean): string {
  const base = side === 'left' ? 'console-fix-start' : 'console-fix-end';
  return `${base} ${base}-${rank}${edge ? ` ${base}-${side === 'left' ? 'last' : 'first'}` : ''}`;
}

/**
 * The same look as antd's fixed columns: the table's background under a sticky cell (as light as antd's own rule, so
 * the header's, a hovered or a ticked row's background still wins), a shadow on its inner side while rows pass under
 * it. The shadow is one element per side laid over the table's edge, not one per row as antd draws it: 200 rows made
 * 200 shadows to style, lay out and paint in the frame after the rows, and to restyle when the table first scrolled.
 */
const css = `
.console-crud-table { position: relative; }
.console-crud-table .ant-table-content { overflow-x: auto; }
.console-crud-table .ant-table-content > table { width: max-content; min-width: 100%; }
.ant-table-wrapper .ant-table-cell.console-fix-start, .ant-table-wrapper .ant-table-cell.console-fix-end,
:where(.console-crud-table[data-fix-selection]) .ant-table-wrapper .ant-table-cell.ant-table-selection-column {
  position: sticky; z-index: 2;
}
.ant-table-wrapper .console-fix-start, .ant-table-wrapper .console-fix-end,
:where(.console-crud-table[data-fix-selection]) .ant-table-wrapper .ant-table-selection-column {
  background: var(--ant-color-bg-container, #fff);
}
.ant-table-wrapper .console-fix-start, :where(.console-crud-table[data-fix-selection]) .ant-table-selection-column {
  inset-inline-start: 0;
}
.ant-table-wrapper .console-fix-end { inset-inline-end: 0; }
.console-fix-shadow { position: absolute; z-index: 3; width: 30px; pointer-events: none; display: none; }
.console-crud-table[data-shadow-start] > .console-fix-shadow-start {
  display: block; box-shadow: inset 10px 0 8px -8px var(--ant-color-split, rgba(5, 5, 5, 0.06));
}
.console-crud-table[data-shadow-end] > .console-fix-shadow-end {
  display: block; box-shadow: inset -10px 0 8px -8px var(--ant-color-split, rgba(5, 5, 5, 0.06));
}
`;

let tables = 0;

/** Sets or removes a flag attribute only when it changes, so a scroll does not restyle the table for nothing. */
function flag(element: HTMLElement, name: string, on: boolean): void {
  if (element.hasAttribute(name) !== on) element.toggleAttribute(name, on);
}

/**
 * Offsets of the fixed columns after the first on each side: the widths of the fixed header cells before them (the
 * tick column's too when it stays with them). The first of a side sits at 0 by the stylesheet, so a list with one
 * fixed column per side and no ticks writes no rule at all.
 */
function offsetRules(scope: string, table: HTMLTableElement, selectionFixed: boolean): string {
  const header = table.tHead?.rows[0];
  if (!header) return '';
  const cells = [...header.cells];
  const rules: string[] = [];
  let before = 0;
  for (const cell of cells) {
    const rank = /console-fix-start-(\d+)/.exec(cell.className)?.[1];
    if (rank && before > 0) rules.push(`${scope} .console-fix-start-${rank} { inset-inline-start: ${before}px; }`);
    if (rank || (selectionFixed && cell.classList.contains('ant-table-selection-column')))
      before += cell.getBoundingClientRect().width;
  }
  let after = 0;
  for (const cell of cells.reverse()) {
    const rank = /console-fix-end-(\d+)/.exec(cell.className)?.[1];
    if (rank && after > 0) rules.push(`${scope} .console-fix-end-${rank} { inset-inline-end: ${after}px; }`);
    if (rank) after += cell.getBoundingClientRect().width;
  }
  return rules.join('\n');
}

/**
 * Keeps the table area's flags true to its scroll: `data-shadow-start` / `data-shadow-end` while rows pass under a
 * fixed column, the scroll box focusable by the keyboard when it scrolls at all, and the offsets of second fixed
 * columns. Runs after a layout (a resize observer) and on the scroll, never in the middle of drawing the rows.
 */
export function useStickyColumns(area: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const root = area.current;
    if (!root) return;
    installStyle('sticky-columns', css);
    tables += 1;
    const scope = `[data-sticky-table="${tables}"]`;
    root.dataset.stickyTable = String(tables);
    const offsets = document.createElement('style');
    document.head.append(offsets);
    const shadowOf = (side: 'start' | 'end') => {
      const shadow = document.createElement('div');
      shadow.className = `console-fix-shadow console-fix-shadow-${side}`;
      root.append(shadow);
      return shadow;
    };
    const shadowAt = { start: shadowOf('start'), end: shadowOf('end') };
    let scroller: HTMLElement | null = null;
    let table: HTMLTableElement | null = null;

    // Everything is read before anything is written, so no write makes the next read lay the page out again.
    const shadows = () => {
      if (!scroller) return;
      const { scrollLeft, scrollWidth, clientWidth } = scroller;
      const scrolls = scrollWidth > clientWidth;
      const from = Math.abs(scrollLeft);
      flag(root, 'data-shadow-start', scrolls && from > 0);
      flag(root, 'data-shadow-end', scrolls && from < scrollWidth - clientWidth - 1);
      if (scrolls && scroller.tabIndex !== 0) scroller.tabIndex = 0;
      if (!scrolls && scroller.hasAttribute('tabindex')) scroller.removeAttribute('tabindex');
    };
    // Each side's shadow over the edge of its innermost fixed column, as tall as the table's box: read now, written
    // by the function returned.
    const shadowPlaces = (): (() => void) => {
      const head = table?.tHead?.rows[0];
      if (!scroller || !head) return () => {};
      const area = root.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      const size = `top: ${box.top - area.top}px; height: ${scroller.clientHeight}px;`;
      const start = head.querySelector('.console-fix-start-last')?.getBoundingClientRect();
      const end = head.querySelector('.console-fix-end-first')?.getBoundingClientRect();
      const place = (shadow: HTMLElement, left: number | undefined) => {
        const style = left === undefined ? null : `${size} left: ${left}px;`;
        if (style === null) shadow.removeAttribute('style');
        else if (shadow.getAttribute('style') !== style) shadow.setAttribute('style', style);
      };
      return () => {
        place(shadowAt.start, start && start.right - area.left);
        place(shadowAt.end, end && end.left - area.left - 30);
      };
    };
    const update = () => {
      const rules = table ? offsetRules(scope, table, root.hasAttribute('data-fix-selection')) : '';
      const placeShadows = shadowPlaces();
      shadows();
      placeShadows();
      if (offsets.textContent !== rules) offsets.textContent = rules;
    };
    const resized = new ResizeObserver(update);
    // The table's own box is drawn anew when the list first loads, and on an empty answer.
    const attach = () => {
      const nextScroller = root.querySelector<HTMLElement>('.ant-table-content');
      const nextTable = nextScroller?.querySelector<HTMLTableElement>(':scope > table') ?? null;
      if (nextScroller === scroller && nextTable === table) return;
      scroller?.removeEventListener('scroll', shadows);
      resized.disconnect();
      scroller = nextScroller;
      table = nextTable;
      if (scroller) {
        scroller.addEventListener('scroll', shadows, { passive: true });
        resized.observe(scroller);
      }
      if (table) resized.observe(table);
    };
    attach();
    const replaced = new MutationObserver(attach);
    replaced.observe(root, { childList: true, subtree: true });
    return () => {
      replaced.disconnect();
      resized.disconnect();
      scroller?.removeEventListener('scroll', shadows);
      offsets.remove();
      shadowAt.start.remove();
      shadowAt.end.remove();
    };
  }, [area]);
}
