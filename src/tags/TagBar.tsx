// Tabs of the visited pages with search, clear cache, close others and close all (spec §2).
import { DownOutlined } from '@ant-design/icons';
import { clearDictionaries, clearLookups } from '@ride-console/runtime';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Dropdown, Tabs } from 'antd';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { menuTitle } from '../menu/menu-title';
import { clearServerCache } from '../session/auth-api';
import { openMenuSearch } from '../topbar/MenuSearch';
import { tagStore, useTags } from './tag-store';

/**
 * The tab list may hold only tabs, but the tabs component puts each tab's close button beside its tab, inside the
 * list. The button stays for the mouse and is hidden from the keyboard and screen readers, who close the focused tab
 * with Delete instead.
 */
function quietCloseButton(node: ReactElement): ReactElement {
  const children = Children.map((node.props as { children?: ReactNode }).children, (child) =>
    isValidElement(child) && child.type === 'button'
      ? cloneElement(child as ReactElement<Record<string, unknown>>, { tabIndex: -1, 'aria-hidden': true })
      : child,
  );
  return cloneElement(node, {}, children);
}

/**
 * When the tags overflow, the tabs component shows a "more" button, also inside the tab list. The arrows reach every
 * tag (the list scrolls to the focused one), so that button too is left to the mouse.
 */
function useQuietMoreButton() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    for (const more of bar.current?.querySelectorAll<HTMLElement>('.ant-tabs-nav-more') ?? []) {
      more.tabIndex = -1;
      more.setAttribute('aria-hidden', 'true');
    }
  });
  return bar;
}

export function TagBar() {
  const { t, i18n } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname;
  const bar = useQuietMoreButton();
  const close = (key: string) => {
    // The address bar, not this render's location: the tabs component may hold an older remove handler.
    const next = tagStore.close(key, window.location.pathname);
    if (next) navigate(next.fullPath);
  };

  const clearCache = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('tags.clearCacheConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await clearServerCache();
        clearDictionaries();
        clearLookups();
        void message.success(t('tags.cacheCleared'));
      },
    });

  const label = (tag: (typeof tags)[number]) =>
    tag.i18n === 'home' || tag.i18n === 'info'
      ? t(`tags.${tag.i18n}`)
      : menuTitle({ label: tag.label, i18n: tag.i18n ?? '', viewPath: tag.key }, i18n.language);

  return (
    <nav className="tag-bar" aria-label={t('top.openPages')} ref={bar}>
      <Tabs
        className="tag-tabs"
        type="editable-card"
        hideAdd
        size="small"
        activeKey={active}
        onChange={(key) => {
          const tag = tagStore.get().find((item) => item.key === key);
          if (tag) navigate(tag.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') close(key);
        }}
        items={tags.map((tag) => ({ key: tag.key, label: label(tag), closable: tags.length > 1 && tag.closable }))}
        renderTabBar={(props, TabBar) => <TabBar {...props}>{quietCloseButton}</TabBar>}
      />
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'search', label: t('tags.search') },
            { key: 'clearCache', label: t('tags.clearCache') },
            { key: 'closeOthers', label: t('tags.closeOthers') },
            { key: 'closeAll', label: t('tags.closeAll') },
          ],
          onClick: ({ key }) => {
            if (key === 'search') openMenuSearch();
            else if (key === 'clearCache') clearCache();
            else if (key === 'closeOthers') tagStore.closeOthers(active);
            else {
              tagStore.closeAll();
              navigate(settings.homePath);
            }
          },
        }}
      >
        <Button size="small" className="tag-actions">
          {t('tags.more')} <DownOutlined />
        </Button>
      </Dropdown>
    </nav>
  );
}
