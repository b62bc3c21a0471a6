// /info/index: the personal info page with its two tabs (spec §2).

import { useTranslation } from '@ride-console/runtime/shell';
import { Card, Tabs } from 'antd';
import { PasswordForm } from './PasswordForm';
import { ProfileForm } from './ProfileForm';

export default function InfoPage() {
  const { t } = useTranslation('shell');
  return (
    <Card>
      <Tabs
        items={[
          { key: 'info', label: t('info.tab'), children: <ProfileForm /> },
          { key: 'password', label: t('password.tab'), children: <PasswordForm /> },
        ]}
      />
    </Card>
  );
}
