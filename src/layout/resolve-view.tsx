// What the content area shows for a path: the fixed pages, then the menu's routes (spec §2).

import { DefinitionPage, pageIdOf, resolveMenuView } from '@ride-console/runtime';
import { lazy, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { PageLoading } from '../errors/PageLoading';
import type { MenuEntry } from '../menu/menu-entry';
import type { MenuState } from '../menu/menu-store';

export interface ResolvedView {
  /** A tab is opened for pages; redirects and loading states have none. */
  page?: { title: Pick<MenuEntry, 'label' | 'i18n' | 'viewPath'>; keepAlive: boolean };
  element: ReactNode;
  /** A screen the console has but the person's menu does not grant: the 403 page stands for it. */
  forbidden?: true;
}

// Pages opened rarely (the profile with its image upload, an embedded site, the error results, the welcome shown when
// no dashboard is registered) load when shown; the home screen does not carry them. ViewHost's Suspense shows the
// spinner meanwhile.
const InfoPage = lazy(() => import('../info/InfoPage'));
const IframePage = lazy(() => import('../iframe/IframePage').then((module) => ({ default: module.IframePage })));
const MenuFailed = lazy(() => import('../errors/MenuFailed').then((module) => ({ default: module.MenuFailed })));
const Welcome = lazy(() => import('../home/Welcome').then((module) => ({ default: module.Welcome })));
const NotBuilt = lazy(() => import('../errors/NotBuilt').then((module) => ({ default: module.NotBuilt })));
const ErrorPage = lazy(() => import('../errors/ErrorPage'));

function menuView(viewPath: string): ReactNode {
  const view = resolveMenuView(viewPath);
  // A menu path with no screen in this build may have a page published in the studio: asked before saying so.
  if (!view) return <DefinitionPage pageId={pageIdOf(viewPath)} missing={<NotBuilt path={viewPath} />} />;
  if (view.kind === 'definition') return <DefinitionPage pageId={view.pageId} />;
  const { Component } = view;
  return <Component />;
}

const homeMenuView = () => resolveMenuView(settings.homePath) ?? resolveMenuView('/wel');

function homeView(): ReactNode {
  const view = homeMenuView();
  if (view?.kind === 'custom') return <view.Component />;
  if (view?.kind === 'definition') return <DefinitionPage pageId={view.pageId} />;
  return <Welcome />;
}

/**
 * While the menu is on its way, a screen the console has for the address is drawn at once, so its definition and
 * first page are asked for beside the menu, not after it. The menu then names it (title, tab) or, when the person's
 * roles do not grant it, replaces it with the 403 page; the server refuses its calls meanwhile. A top-level page's
 * generated index child (`/x/index`) shows the view of `/x`, as the menu would make it.
 */
function screenAhead(pathname: string): ReactNode | undefined {
  const viewPath = viewPathAhead(pathname);
  return viewPath === undefined ? undefined : menuView(viewPath);
}

const viewPathAhead = (pathname: string) =>
  [pathname, pathname.replace(/\/index$/, '')].find((path) => resolveMenuView(path) !== undefined);

/** The definition screen a reload on `pathname` draws before the menu has come, if it draws one. */
export function definitionAhead(pathname: string): string | undefined {
  const home = pathname === '/' || pathname === '' || pathname === settings.homePath;
  const viewPath = home ? undefined : viewPathAhead(pathname);
  const view = home ? homeMenuView() : viewPath === undefined ? undefined : resolveMenuView(viewPath);
  return view?.kind === 'definition' ? view.pageId : undefined;
}

const fixedTitle = (label: string, i18n: string, viewPath: string) => ({ label, i18n, viewPath });

export function resolveView(pathname: string, menu: MenuState): ResolvedView {
  if (pathname === '/' || pathname === '') return { element: <Navigate to={settings.homePath} replace /> };
  if (pathname === settings.homePath) {
    return { page: { title: fixedTitle('首页', 'home', '/wel'), keepAlive: true }, element: homeView() };
  }
  if (pathname === '/info/index') {
    return {
      page: { title: fixedTitle('个人信息', 'info', '/info'), keepAlive: false },
      element: <InfoPage />,
    };
  }
  // Typed, reloaded or led to: said inside the shell, with no tab of its own.
  if (pathname === '/403') return { element: <ErrorPage status={403} />, forbidden: true };
  if (pathname === '/404') return { element: <ErrorPage status={404} /> };
  if (pathname.startsWith('/myiframe/')) {
    return { page: { title: fixedTitle('', 'iframe', pathname), keepAlive: false }, element: <IframePage /> };
  }
  const entry = menu.routes.get(pathname);
  if (entry) return { page: { title: entry, keepAlive: entry.keepAlive }, element: menuView(entry.viewPath) };
  const redirect = menu.redirects.get(pathname);
  if (redirect) return { element: <Navigate to={redirect} replace /> };
  if (menu.status === 'idle' || menu.status === 'loading') return { element: screenAhead(pathname) ?? <PageLoading /> };
  if (menu.status === 'failed') return { element: <MenuFailed /> };
  // A screen the console has but the person's menu does not grant is forbidden, not missing: said inside the shell,
  // at the address asked, so the menu and the tabs stay at hand.
  if (resolveMenuView(pathname) !== undefined) return { element: <ErrorPage status={403} />, forbidden: true };
  return { element: <Navigate to="/404" replace /> };
}
