// The home tab when no dashboard view is registered: who is signed in and where to start.

import { useTranslation } from '@ride-console/runtime/shell';
import { Card, Typography } from 'antd';
import { useSession } from '../session/session-store';

export function Welcome() {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  return (
    <Card>
      <Typography.Title level={3}>
        {t('welcome.title', { name: user?.nickName || user?.userName || user?.account })}
      </Typography.Title>
      <Typography.Paragraph>{t('welcome.hint')}</Typography.Paragraph>
    </Card>
  );
}
