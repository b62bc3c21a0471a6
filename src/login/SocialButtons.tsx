// Third-party sign-in: one button per provider the server has configured; none configured, nothing shown.
import { Button, Divider, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchSocialProviders, type SocialProvider, socialRenderUrl } from '../session/auth-api';

export function SocialButtons() {
  const { t } = useTranslation('shell');
  const [providers, setProviders] = useState<SocialProvider[]>([]);

  useEffect(() => {
    fetchSocialProviders().then(
      (list) => setProviders(Array.isArray(list) ? list : []),
      () => setProviders([]),
    );
  }, []);

  if (providers.length === 0) return null;
  return (
    <>
      <Divider plain>{t('login.social')}</Divider>
      <Space wrap style={{ width: '100%', justifyContent: 'center' }}>
        {providers.map((provider) => (
          <Button key={provider.source} href={socialRenderUrl(provider.source)}>
            {provider.name}
          </Button>
        ))}
      </Space>
    </>
  );
}
