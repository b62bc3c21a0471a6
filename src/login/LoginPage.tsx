// /login: account or phone sign-in, third-party buttons, and the return from a third-party provider.
import { Card, Tabs, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../i18n/page-title';
import { signInWithSocial, type TokenAnswer } from '../session/auth-api';
import { session } from '../session/session-store';
import { LanguageSwitch } from '../topbar/LanguageSwitch';
import { AccountForm } from './AccountForm';
import { signInFailureText } from './failure-text';
import { PhoneForm } from './PhoneForm';
import { SocialButtons } from './SocialButtons';
import './login.css';

export default function LoginPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('login.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [socialError, setSocialError] = useState<string>();

  const onSignedIn = (answer: TokenAnswer) => {
    session.signedIn(answer);
    const redirect = params.get('redirect');
    navigate(redirect?.startsWith('/') && !redirect.startsWith('/login') ? redirect : '/', { replace: true });
  };

  const source = params.get('source');
  const code = params.get('code');
  const state = params.get('state') ?? '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the provider's answer is exchanged once per visit
  useEffect(() => {
    if (!source || !code) return;
    signInWithSocial(source, code, state).then(onSignedIn, (failure) => setSocialError(signInFailureText(failure)));
  }, [source, code, state]);

  return (
    <div className="login-page">
      <div className="login-language">
        <LanguageSwitch />
      </div>
      <div className="login-brand">
        <Typography.Title level={2}>{t('product')}</Typography.Title>
        <Typography.Paragraph>{t('login.tagline')}</Typography.Paragraph>
      </div>
      <Card className="login-card" title={t('login.title')}>
        {socialError ? <Typography.Text type="danger">{socialError}</Typography.Text> : null}
        <Tabs
          items={[
            { key: 'account', label: t('login.accountTab'), children: <AccountForm onSignedIn={onSignedIn} /> },
            { key: 'phone', label: t('login.phoneTab'), children: <PhoneForm onSignedIn={onSignedIn} /> },
          ]}
        />
        <SocialButtons />
      </Card>
    </div>
  );
}
