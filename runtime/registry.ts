// The one place where widgets, formatters, actions and custom views are registered. Page definitions name them.
import type { WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { Row } from './schema/types';

export interface FormatContext {
  lang: 'zh' | 'en';
}

export interface Formatter<Options extends Record<string, unknown> = Record<string, unknown>> {
  /** Renders one cell (or one value in the view dialog). May use hooks. */
  Cell: ComponentType<{ value: unknown; row: Row; options: Options }>;
  /** Plain text of a value for Excel export; the raw value when absent. */
  text?: (value: unknown, options: Options, context: FormatContext) => string | Promise<string>;
}

export interface ActionProps {
  /** The row the action was started from (row actions) or undefined (toolbar actions). */
  row?: Row;
  /** The selected rows (toolbar actions). */
  rows: Row[];
  options: Record<string, unknown>;
  /** Closes the action's dialog; `changed` revalidates the list. */
  onClose: (changed: boolean) => void;
}

export type WidgetComponent = ComponentType<WidgetProps>;
export type ViewComponent = ComponentType;

const widgets = new Map<string, WidgetComponent>();
const formatters = new Map<string, Formatter>();
const actions = new Map<string, ComponentType<ActionProps>>();
const views = new Map<string, ViewComponent>();

export function registerWidget(name: string, widget: WidgetComponent): void {
  widgets.set(name, widget);
}

export function registerFormatter<Options extends Record<string, unknown>>(
  name: string,
  formatter: Formatter<Options>,
): void {
  formatters.set(name, formatter as unknown as Formatter);
}

export function registerAction(name: string, action: ComponentType<ActionProps>): void {
  actions.set(name, action);
}

/** A custom view for a menu path (`/authority/role`), used instead of `pages/<path>.json`. */
export function registerView(menuPath: string, view: ViewComponent): void {
  views.set(menuPath, view);
}

export const registry = {
  widget: (name: string) => widgets.get(name),
  formatter: (name: string) => formatters.get(name),
  action: (name: string) => actions.get(name),
  view: (menuPath: string) => views.get(menuPath),
  widgetNames: () => [...widgets.keys()].sort(),
  formatterNames: () => [...formatters.keys()].sort(),
  actionNames: () => [...actions.keys()].sort(),
  widgetMap: (): Record<string, WidgetComponent> => Object.fromEntries(widgets),
};
