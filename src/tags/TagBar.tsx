// Tabs of the visited pages with search, clear cache, close others and close all (spec §2). The tabs are the
// console's own markup (README.md: antd's tabs weighed more than a screen could afford for a row of tags).
import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import { clearDictionaries, clearLookups } from '@ride-console/runtime';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Dropdown, theme } from 'antd';
import { type CSSProperties, type KeyboardEvent, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { menuTitle } from '../menu/menu-title';
import { clearServerCache } from '../session/auth-api';
import { openMenuSearch } from '../topbar/MenuSearch';
import { tagStore, useTags } from './tag-store';
import './tags.css';

/** The place a key moves the focus to among `count` tags (WAI-ARIA tabs): arrows wrap around, Home and End. */
function movedTo(key: string, at: number, count: number): number | undefined {
  if (key === 'ArrowRight') return (at + 1) % count;
  if (key === 'ArrowLeft') return (at - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** Scrolls the bar until the whole tag of `name` shows, its × included. */
const inSight = (name: Element | null | undefined) =>
  name?.closest('.tag-tab')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });

export function TagBar() {
  const { t, i18n } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname;
  const list = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const colours = {
    '--tag-line': token.colorBorderSecondary,
    '--tag-fill': token.colorFillAlter,
    '--tag-page': token.colorBgContainer,
    '--tag-text': token.colorText,
    '--tag-primary': token.colorPrimary,
    '--tag-icon': token.colorIcon,
    '--tag-icon-hover': token.colorIconHover,
  } as CSSProperties;
  const close = (key: string) => {
    const next = tagStore.close(key, active);
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

  // The open page's tag stays in sight when the tags are wider than the bar.
  useEffect(() => {
    inSight(list.current?.querySelector('[aria-selected="true"]'));
  }, [active, tags.length]);

  /** The arrows, Home and End move the focus; Enter (the button's own) opens the focused tag; Delete closes it. */
  const onKey = (event: KeyboardEvent<HTMLButtonElement>, at: number, closable: boolean) => {
    const buttons = list.current?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [];
    const to = movedTo(event.key, at, buttons.length);
    if (to !== undefined) {
      event.preventDefault();
      buttons[to]?.focus();
      inSight(buttons[to]);
    } else if (event.key === 'Delete' && closable) {
      event.preventDefault();
      const tag = tags[at];
      // The focus stays in the tags: on the one before (the page the close opens), or the next for the first.
      buttons[at === 0 ? 1 : at - 1]?.focus();
      close(tag.key);
    }
  };

  const label = (tag: (typeof tags)[number]) =>
    tag.i18n === 'home' || tag.i18n === 'info'
      ? t(`tags.${tag.i18n}`)
      : menuTitle({ label: tag.label, i18n: tag.i18n ?? '', viewPath: tag.key }, i18n.language);

  return (
    <nav className="tag-bar" aria-label={t('top.openPages')} style={colours}>
      {/* A vertical wheel scrolls the tags sideways, as antd's tabs did. */}
      <div
        className="tag-tabs"
        role="tablist"
        ref={list}
        onWheel={(event) => {
          if (Math.abs(event.deltaY) > Math.abs(event.deltaX)) event.currentTarget.scrollLeft += event.deltaY;
        }}
      >
        {tags.map((tag, at) => {
          const closable = tags.length > 1 && tag.closable;
          const selected = tag.key === active;
          return (
            <div key={tag.key} className={selected ? 'tag-tab tag-tab-active' : 'tag-tab'}>
              <button
                type="button"
                role="tab"
                className="tag-tab-name"
                aria-selected={selected}
                tabIndex={selected ? 0 : -1}
                onClick={() => navigate(tag.fullPath)}
                onKeyDown={(event) => onKey(event, at, closable)}
              >
                {label(tag)}
              </button>
              {/* For the mouse; the keyboard and screen readers close the focused tag with Delete. */}
              {closable ? (
                <button
                  type="button"
                  className="tag-tab-close"
                  tabIndex={-1}
                  aria-hidden
                  onClick={() => close(tag.key)}
                >
                  <CloseOutlined />
                </button>
              ) : null}
            </div>
          );
        })}
      </div>
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
