// /login: account or phone sign-in, third-party buttons, and the return from a third-party provider.

import { useTranslation } from '@ride-console/runtime/shell';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { usePageTitle } from '../i18n/page-title';
import { prepareConsole, startConsole } from '../router/console-code';
import { signInWithSocial, type TokenAnswer } from '../session/auth-api';
import { session } from '../session/session-store';
import { AccountForm } from './AccountForm';
import { signInFailureText } from './failure-text';
import { LanguageLinks } from './LanguageLinks';
import { PhoneForm } from './PhoneForm';
import { SocialButtons } from './SocialButtons';
import './login.css';

/**
 * Storing the session is enough: the /login guard then leads to the page that sent the visitor here. The menu is asked
 * for at once, while the console is drawn.
 */
function onSignedIn(answer: TokenAnswer): void {
  session.signedIn(answer);
  startConsole();
}

export default function LoginPage() {
  const { t } = useTranslation('shell');
  usePageTitle(t('login.title'));
  const [params] = useSearchParams();
  const [socialError, setSocialError] = useState<string>();
  const [mode, setMode] = useState<'account' | 'phone'>('account');

  const source = params.get('source');
  const code = params.get('code');
  const state = params.get('state') ?? '';
  // A provider's code is single use: exchange it once even when the effect runs twice.
  const exchanged = useRef('');
  useEffect(() => {
    if (!source || !code || exchanged.current === code) return;
    exchanged.current = code;
    signInWithSocial(source, code, state).then(onSignedIn, (failure) => setSocialError(signInFailureText(failure)));
  }, [source, code, state]);

  return (
    <div className="login-page">
      <div className="login-language">
        <LanguageLinks />
      </div>
      <header className="login-brand">
        <h1>{t('product')}</h1>
        <p>{t('login.tagline')}</p>
      </header>
      {/* The console's code loads while the person signs in (router/console-code.ts). */}
      <main className="login-card" onFocus={prepareConsole}>
        <h2>{t('login.title')}</h2>
        {socialError ? (
          <p className="login-error" role="alert">
            {socialError}
          </p>
        ) : null}
        <div className="login-mode" role="tablist">
          {(['account', 'phone'] as const).map((key) => (
            <button
              type="button"
              role="tab"
              key={key}
              aria-selected={mode === key}
              className={mode === key ? 'login-mode-active' : undefined}
              onClick={() => setMode(key)}
            >
              {t(key === 'account' ? 'login.accountTab' : 'login.phoneTab')}
            </button>
          ))}
        </div>
        {mode === 'account' ? <AccountForm onSignedIn={onSignedIn} /> : <PhoneForm onSignedIn={onSignedIn} />}
        <SocialButtons />
      </main>
    </div>
  );
}
