// The header: collapse toggle, top menus, record search (order, phone, device), menu search, error log, notices,
// theme, lock, full screen, language, avatar; on a phone the record search behind an icon, without the error log,
// the theme and full screen.
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Layout, Space } from 'antd';
import { LockButton } from '../lock/LockButton';
import { useMenu } from '../menu/menu-store';
import { ThemeButton } from '../theme/ThemeButton';
import { FullScreen } from '../topbar/FullScreen';
import { LanguageSwitch } from '../topbar/LanguageSwitch';
import { LogBadge } from '../topbar/LogBadge';
import { MenuSearchBox, MenuSearchDialog } from '../topbar/MenuSearch';
import { NoticePopover } from '../topbar/NoticePopover';
import { PhoneRecordSearch, RecordSearch } from '../topbar/RecordSearch';
import { TopMenu } from '../topbar/TopMenu';
import { UserMenu } from '../topbar/UserMenu';

export function TopBar(props: { collapsed: boolean; onToggle: () => void; wide: boolean; phone: boolean }) {
  const { collapsed, onToggle, wide, phone } = props;
  const { t } = useTranslation('shell');
  const { tops } = useMenu();
  return (
    <Layout.Header className="top-bar">
      <Button
        type="text"
        className="top-collapse"
        aria-label={collapsed ? t('top.expand') : t('top.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      {/* Top menus take the title's room; the sidebar's logo still names the product. */}
      {tops.length ? <TopMenu /> : <span className="top-title">{t('product')}</span>}
      <Space size={4} className="top-actions">
        {wide ? <RecordSearch /> : null}
        {phone ? <PhoneRecordSearch /> : null}
        {wide ? <MenuSearchBox /> : null}
        <MenuSearchDialog />
        {/* A phone's header keeps the menu, the searches and the account: the error log, the theme and full screen
            make room. */}
        {phone ? null : <LogBadge />}
        <NoticePopover />
        {phone ? null : <ThemeButton />}
        <LockButton />
        {phone ? null : <FullScreen />}
        <LanguageSwitch />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
