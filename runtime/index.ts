// The runtime's public face for the shell and custom views. The screen machinery (antd table, rjsf) loads with the
// first screen, the form dialog with the first dialog; nothing here imports antd. The sign-in page imports only the
// request client (`client.ts`), so it loads none of this.
import { type ComponentType, lazy, memo, type ReactNode } from 'react';
import { hasDefinition } from './page/definitions';
import { readyLazy } from './page/ready-lazy';

export { type PublishedAnswer, type PublishedSource, setPublishedSource } from './page/published';

import { configuredRuntime } from './config';
import type { Registry, ViewComponent } from './registry';

export {
  ApiError,
  api,
  configureHttp,
  type HttpConfig,
  hashPassword,
  http,
  type PathOf,
  preparePasswordHash,
  type QueryValue,
  type RequestOptions,
  request,
} from './client';
export type { RuntimeConfig, RuntimeSettings } from './config';
export { configureRuntime, RuntimeProvider, useProvider, useRuntime } from './config';
export type { ListControllerResult } from './crud/controller/result';
export { clearDictionaries, type DictItem, useDictionary } from './data/dictionary';
export { createHttpProvider } from './data/httpProvider';
export { clearLookups } from './data/lookup';
export { type Call, type DataProvider, type ListPage, type Query, resourceUrls } from './data/provider';
export type { FormDialogProps } from './form/FormDialog';
export { type Lang, useLabel, useLang } from './i18n/label';
export { loadRuntimeTexts } from './i18n/runtime-texts';
export { hasPermission, setPermissions, setSessionRoles, setSessionUser, usePermission } from './permissions';
export type {
  ActionComponent,
  ActionProps,
  FormatContext,
  Formatter,
  Registry,
  RegistryParts,
  WidgetComponent,
} from './registry';
export { createRegistry, formatter } from './registry';
export type { FormSpec, Label, PageDefinition, Row } from './schema/types';

const definitionPage = readyLazy(() => import('./page/DefinitionPage'));

/**
 * A definition's screen; its code loads when first shown (render it inside Suspense), or once prepared. Drawn again
 * only when its own props change, not with every redrawing of the console around it (the menu, the tabs).
 */
export const DefinitionPage: ComponentType<{ pageId: string; missing?: ReactNode }> = memo(definitionPage.Component);

/**
 * Starts loading the definition screens' code before the first is shown; settles once it has (a failure is the
 * screen's to report).
 */
export const prepareDefinitionPage = definitionPage.prepare;

/**
 * Reads the definition of `pageId`'s screen and sends its list's first call, before the screen is drawn (a reload on
 * its address): drawn within seconds, the screen shows it at once. Settles without rejecting.
 */
export const prepareScreen = (pageId: string): Promise<void> =>
  import('./page/DefinitionPage').then(({ prepareDrawable }) => prepareDrawable(pageId));

/** The add / edit / view dialog for custom views; its code loads when first shown (render it inside Suspense). */
export const FormDialog = lazy(() => import('./form/FormDialog').then((module) => ({ default: module.FormDialog })));

export type MenuView = { kind: 'definition'; pageId: string } | { kind: 'custom'; Component: ViewComponent };

/** The page a menu path names: `/system/param` → `system/param`. */
export const pageIdOf = (menuPath: string) => menuPath.replace(/^\/+/, '').replace(/\/+$/, '');

/** `/system/param` → pages/system/param.json, or the custom view registered for that path (in the console's
 * configured registry unless another is given). */
export function resolveMenuView(
  menuPath: string,
  views: Registry = configuredRuntime().registry,
): MenuView | undefined {
  const Component = views.view(menuPath);
  if (Component) return { kind: 'custom', Component };
  const pageId = pageIdOf(menuPath);
  return hasDefinition(pageId) ? { kind: 'definition', pageId } : undefined;
}
