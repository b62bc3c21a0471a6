// Widgets, formatters, actions and custom views by the names page definitions use. A registry is a value, as rjsf's
// theme: the console builds its own with createRegistry from its list of parts (src/config/widgets.ts) and hands it to
// configureRuntime, which draws it over the runtime's built-ins; a test or a second console hands one to
// RuntimeProvider.
import type { WidgetProps } from '@rjsf/utils';
import type { ComponentType } from 'react';
import type { DataProvider } from './data/provider';
import type { Row } from './schema/types';

export interface FormatContext {
  lang: 'zh' | 'en';
  /** Where a formatter reads what it names (a dictionary's labels, a linked row's name). */
  provider: DataProvider;
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
export type ActionComponent = ComponentType<ActionProps>;

/** What a registry holds, by name (views by menu path). */
export interface RegistryParts {
  widgets?: Record<string, WidgetComponent>;
  formatters?: Record<string, Formatter>;
  actions?: Record<string, ActionComponent>;
  views?: Record<string, ViewComponent>;
}

export interface Registry {
  widget: (name: string) => WidgetComponent | undefined;
  formatter: (name: string) => Formatter | undefined;
  action: (name: string) => ActionComponent | undefined;
  view: (menuPath: string) => ViewComponent | undefined;
  widgetNames: () => string[];
  formatterNames: () => string[];
  actionNames: () => string[];
  widgetMap: () => Record<string, WidgetComponent>;
  /** Adds (or replaces) entries; later parts win. */
  add: (parts: RegistryParts) => void;
}

/** A formatter with typed options, as a registry entry. */
export const formatter = <Options extends Record<string, unknown>>(entry: Formatter<Options>): Formatter =>
  entry as unknown as Formatter;

export function createRegistry(...parts: RegistryParts[]): Registry {
  const widgets = new Map<string, WidgetComponent>();
  const formatters = new Map<string, Formatter>();
  const actions = new Map<string, ActionComponent>();
  const views = new Map<string, ViewComponent>();
  const add = (part: RegistryParts) => {
    for (const [name, entry] of Object.entries(part.widgets ?? {})) widgets.set(name, entry);
    for (const [name, entry] of Object.entries(part.formatters ?? {})) formatters.set(name, entry);
    for (const [name, entry] of Object.entries(part.actions ?? {})) actions.set(name, entry);
    for (const [name, entry] of Object.entries(part.views ?? {})) views.set(name, entry);
  };
  for (const part of parts) add(part);
  return {
    widget: (name) => widgets.get(name),
    formatter: (name) => formatters.get(name),
    action: (name) => actions.get(name),
    view: (menuPath) => views.get(menuPath),
    widgetNames: () => [...widgets.keys()].sort(),
    formatterNames: () => [...formatters.keys()].sort(),
    actionNames: () => [...actions.keys()].sort(),
    widgetMap: () => Object.fromEntries(widgets),
    add,
  };
}

/** The runtime's own registry: its built-ins (runtime/builtins.ts), which join it when the first screen loads. */
export const registry = createRegistry();

/** `top` drawn over `under`: a name is looked up in `top` first; the names are those of both. */
export function layered(top: Registry, under: Registry): Registry {
  const names = (of: (r: Registry) => string[]) => [...new Set([...of(top), ...of(under)])].sort();
  return {
    widget: (name) => top.widget(name) ?? under.widget(name),
    formatter: (name) => top.formatter(name) ?? under.formatter(name),
    action: (name) => top.action(name) ?? under.action(name),
    view: (menuPath) => top.view(menuPath) ?? under.view(menuPath),
    widgetNames: () => names((r) => r.widgetNames()),
    formatterNames: () => names((r) => r.formatterNames()),
    actionNames: () => names((r) => r.actionNames()),
    widgetMap: () => ({ ...under.widgetMap(), ...top.widgetMap() }),
    add: top.add,
  };
}
