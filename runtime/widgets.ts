// The widget author's entry (`@ride-console/runtime/widgets`): what a cell formatter, a form widget, an action or a
// custom view needs to join a registry and read what the screens read: the registry's types and `createRegistry`,
// the label and language hooks, the dictionaries, the data provider, permissions and the money format. Its parts
// carry no screen machinery: a widget that imports only types from here costs its screen nothing.
export type { WidgetProps } from '@rjsf/utils';
export { type RuntimeConfig, useProvider, useRuntime } from './config';
export type { ListControllerResult } from './crud/controller/result';
export { type DictItem, dictLabel, useDictionary } from './data/dictionary';
export type { Call, DataProvider, ListPage, Query } from './data/provider';
export { formatMoney, type MoneyOptions } from './format/money';
export { type Lang, labelText, langOf, useLabel, useLang } from './i18n/label';
export { hasPermission, usePermission } from './permissions';
export {
  type ActionComponent,
  type ActionProps,
  createRegistry,
  type FormatContext,
  type Formatter,
  formatter,
  type Registry,
  type RegistryParts,
  type ViewComponent,
  type WidgetComponent,
} from './registry';
export type { Label, Row } from './schema/types';
