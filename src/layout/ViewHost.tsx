// The content area: the page of the current path, with keepAlive pages kept (state and scroll) while their tab is
// open, and every other page started fresh on each visit (spec §2).

import { useTranslation } from '@ride-console/runtime/shell';
import { Activity, type RefObject, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { settings } from '../config/settings';
import { PageLoading } from '../errors/PageLoading';
import { usePageTitle } from '../i18n/page-title';
import { ErrorBoundary } from '../logs/ErrorBoundary';
import { useMenu } from '../menu/menu-store';
import { useMenuTitle } from '../menu/menu-title';
import { quietRefusals } from '../session/http-setup';
import { tagStore, useTags } from '../tags/tag-store';
import { resolveView } from './resolve-view';

export function ViewHost({ scroller }: { scroller: RefObject<HTMLElement | null> }) {
  const location = useLocation();
  const menu = useMenu();
  const tags = useTags();
  const title = useMenuTitle();
  const { t } = useTranslation('shell');
  const active = location.pathname;
  const current = resolveView(active, menu);
  const page = current.page;
  const fullPath = `${location.pathname}${location.search}`;
  const pageTitle = page
    ? page.title.i18n === 'home' || page.title.i18n === 'info'
      ? t(`tags.${page.title.i18n}`)
      : page.title.i18n === 'iframe'
        ? (new URLSearchParams(location.search).get('name') ?? '')
        : title(page.title)
    : '';
  usePageTitle(pageTitle);
  // The 403 page says it: the refusals of the screen drawn ahead of the menu are not said again as messages.
  const forbidden = current.forbidden === true;
  useLayoutEffect(() => {
    quietRefusals('forbidden', forbidden);
    return () => quietRefusals('forbidden', false);
  }, [forbidden]);

  const tagLabel = page ? page.title.label || pageTitle : undefined;
  const tagI18n = page?.title.i18n;
  useEffect(() => {
    if (tagLabel === undefined) return;
    tagStore.open({
      key: active,
      fullPath,
      label: tagLabel,
      i18n: tagI18n,
      closable: active !== settings.homePath || settings.homeClosable,
    });
  }, [active, fullPath, tagLabel, tagI18n]);

  // Scroll positions of kept pages, restored when their tab comes back.
  const scrolls = useRef(new Map<string, number>());
  const previous = useRef(active);
  useLayoutEffect(() => {
    const area = scroller.current;
    if (!area || previous.current === active) return;
    scrolls.current.set(previous.current, area.scrollTop);
    previous.current = active;
    area.scrollTop = resolveView(active, menu).page?.keepAlive ? (scrolls.current.get(active) ?? 0) : 0;
  });

  // One keyed list, so a kept page keeps its state whether it is the visible one or not.
  const keys = tags.map((tag) => tag.key).filter((key) => key === active || resolveView(key, menu).page?.keepAlive);
  if (!keys.includes(active)) keys.push(active);

  return (
    <>
      {/* The screen's title for screen readers (once the menu has named it); the tag bar shows it to the eye. */}
      {pageTitle ? <h1 className="visually-hidden">{pageTitle}</h1> : null}
      {keys.map((key) => (
        <Activity key={key} mode={key === active ? 'visible' : 'hidden'}>
          <ErrorBoundary>
            <Suspense fallback={<PageLoading />}>
              {key === active ? current.element : resolveView(key, menu).element}
            </Suspense>
          </ErrorBoundary>
        </Activity>
      ))}
    </>
  );
}
