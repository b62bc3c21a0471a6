// /lock: the person unlocks with the lock password, or signs out (spec §2, §4).

import { useTranslation } from '@ride-console/runtime/shell';
import { Avatar, Button, Form, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../i18n/page-title';
import { avatarOf, session, useSession } from '../session/session-store';
import { signOut } from '../session/sign-out';
import { ConsoleTheme } from '../theme/ConsoleTheme';
import './lock.css';

export default function LockPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('lock.pageTitle'));
  const navigate = useNavigate();
  const { user } = useSession();
  const [form] = Form.useForm<{ password: string }>();

  const unlock = ({ password }: { password: string }) => {
    if (password !== session.lockPassword()) {
      form.setFields([{ name: 'password', errors: [t('lock.wrong')] }]);
      return;
    }
    // RequireLocked sees the console unlocked and returns to the page that was locked.
    session.unlock();
  };

  const leave = async () => {
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <ConsoleTheme>
      <div className="lock-page">
        <div className="lock-card">
          <Space orientation="vertical" align="center" size="middle" style={{ width: '100%' }}>
            <Avatar size={72} src={avatarOf(user)} />
            <Typography.Title level={4} style={{ margin: 0 }}>
              {user?.nickName || user?.userName || user?.account}
            </Typography.Title>
            <Typography.Text type="secondary">{t('lock.locked')}</Typography.Text>
            <Form form={form} onFinish={unlock} style={{ width: 280 }}>
              <Form.Item name="password" rules={[{ required: true, message: t('lock.passwordRequired') }]}>
                <Input.Password autoFocus placeholder={t('lock.passwordPlaceholder')} />
              </Form.Item>
              <Button type="primary" htmlType="submit" block>
                {t('lock.unlock')}
              </Button>
            </Form>
            <Button type="link" onClick={() => void leave()}>
              {t('lock.logout')}
            </Button>
          </Space>
        </div>
      </div>
    </ConsoleTheme>
  );
}
