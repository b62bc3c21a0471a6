// Avatar and name; the dropdown leads home, to the personal info, or signs out after a confirmation (spec §2).
import { DownOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Dropdown } from 'antd';
import { useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { avatarOf, useSession } from '../session/session-store';
import { signOut } from '../session/sign-out';

export function UserMenu() {
  const { t } = useTranslation('shell');
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const name = user?.nickName || user?.userName || user?.account;

  const confirmSignOut = () =>
    modal.confirm({
      title: t('common.tip'),
      content: t('top.logoutConfirm'),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await signOut();
        navigate('/login', { replace: true });
      },
    });

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'home', label: t('top.home') },
          { key: 'info', label: t('top.userInfo') },
          { type: 'divider' },
          { key: 'logout', label: t('top.logout'), danger: true },
        ],
        onClick: ({ key }) => {
          if (key === 'home') navigate(settings.homePath);
          else if (key === 'info') navigate('/info/index');
          else confirmSignOut();
        },
      }}
    >
      {/* Named by what it shows, the person's name, then what it opens; the avatar beside the name is decoration. */}
      <Button type="text" className="top-user" aria-label={`${name ?? ''} ${t('top.account')}`.trim()}>
        <img className="top-avatar" src={avatarOf(user)} alt="" />
        <span className="top-user-name">{name}</span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}
