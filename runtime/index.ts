// The runtime's public face for the shell. The screen machinery (antd table, rjsf) loads with the first screen.
import { Spin } from 'antd';
import { type ComponentType, createElement, lazy, Suspense } from 'react';
import { hasDefinition } from './page/definitions';
import { registry, type ViewComponent } from './registry';

export { clearDictionaries } from './data/dictionary';
export { runtimeResources } from './i18n/resources';
export { hasPermission, setPermissions, setSessionRoles, setSessionUser, usePermission } from './permissions';
export type { ActionProps, Formatter } from './registry';
export { registerAction, registerFormatter, registerView, registerWidget } from './registry';
export type { PageDefinition } from './schema/types';

const LazyDefinitionPage = lazy(() => import('./page/DefinitionPage'));

export const DefinitionPage: ComponentType<{ pageId: string }> = ({ pageId }) =>
  createElement(Suspense, { fallback: createElement(Spin) }, createElement(LazyDefinitionPage, { pageId }));

export type MenuView = { kind: 'definition'; pageId: string } | { kind: 'custom'; Component: ViewComponent };

/** `/system/param` → pages/system/param.json, or the custom view registered for that path. */
export function resolveMenuView(menuPath: string): MenuView | undefined {
  const Component = registry.view(menuPath);
  if (Component) return { kind: 'custom', Component };
  const pageId = menuPath.replace(/^\/+/, '').replace(/\/+$/, '');
  return hasDefinition(pageId) ? { kind: 'definition', pageId } : undefined;
}
