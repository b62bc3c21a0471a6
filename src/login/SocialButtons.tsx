// Third-party sign-in: one button per provider the server has configured; none configured, nothing shown.

import { useTranslation } from '@ride-console/runtime/shell';
import { useEffect, useState } from 'react';
import { fetchSocialProviders, type SocialProvider, socialRenderUrl } from '../session/auth-api';

export function SocialButtons() {
  const { t } = useTranslation('shell');
  const [providers, setProviders] = useState<SocialProvider[]>([]);

  useEffect(() => {
    fetchSocialProviders().then(setProviders, () => setProviders([]));
  }, []);

  if (providers.length === 0) return null;
  return (
    <>
      <p className="login-social">{t('login.social')}</p>
      <div className="login-social-buttons">
        {providers.map((provider) => (
          <a key={provider.source} className="login-social-button" href={socialRenderUrl(provider.source)}>
            {t(`login.providers.${provider.source}`, { defaultValue: provider.name })}
          </a>
        ))}
      </div>
    </>
  );
}
