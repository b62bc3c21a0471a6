// Tabs of the visited pages with search, clear cache, close others and close all (spec §2).
import { DownOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { clearDictionaries, clearLookups } from '../../runtime/index';
import { settings } from '../config/settings';
import { menuTitle } from '../menu/menu-title';
import { clearServerCache } from '../session/auth-api';
import { openMenuSearch } from '../topbar/MenuSearch';
import { tagStore, useTags } from './tag-store';

export function TagBar() {
  const { t, i18n } = useTranslation('shell');
  const { modal, message } = App.useApp();
  const tags = useTags();
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname;
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
    <div className="tag-bar">
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
    </div>
  );
}
