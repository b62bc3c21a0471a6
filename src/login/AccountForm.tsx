// Account and password sign-in (spec §5: username, md5 password, type, captcha key and code).

import { preparePasswordHash, useTranslation } from '@ride-console/runtime/shell';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Captcha, fetchCaptcha, signInWithAccount, type TokenAnswer } from '../session/auth-api';
import { CaptchaField } from './CaptchaField';
import { signInFailureText } from './failure-text';
import { type FieldErrors, LoginField, requiredErrors } from './LoginField';

type Field = 'username' | 'password' | 'captchaCode';

export function AccountForm({ onSignedIn }: { onSignedIn: (answer: TokenAnswer) => void }) {
  const { t } = useTranslation('shell');
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '', captchaCode: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [captcha, setCaptcha] = useState<Captcha>();
  const [captchaMode, setCaptchaMode] = useState(false);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    try {
      const answer = await fetchCaptcha();
      // The server says when captcha mode is off; then the password grant is used without one.
      setCaptchaMode(answer.enabled !== false && Boolean(answer.key));
      setCaptcha(answer);
    } catch {
      setCaptchaMode(false);
    }
    setValues((current) => ({ ...current, captchaCode: '' }));
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = requiredErrors(values, {
      username: t('login.usernameRequired'),
      password: t('login.passwordRequired'),
      ...(captchaMode ? { captchaCode: t('login.captchaRequired') } : {}),
    });
    setErrors(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInWithAccount({ ...values, captchaKey: captcha?.key }, captchaMode));
    } catch (failure) {
      setError(signInFailureText(failure));
      if (captchaMode) void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    // The md5 code starts loading once the person is in the form, not when sign-in is pressed.
    <form onSubmit={submit} onFocus={preparePasswordHash} autoComplete="off" noValidate>
      {error ? (
        <p className="login-error" role="alert">
          {error}
        </p>
      ) : null}
      <LoginField error={errors.username}>
        <input
          className="login-input"
          name="username"
          placeholder={t('login.username')}
          aria-label={t('login.username')}
          autoComplete="username"
          value={values.username}
          aria-invalid={Boolean(errors.username)}
          onChange={(event) => set('username')(event.target.value)}
        />
      </LoginField>
      <LoginField error={errors.password}>
        <input
          className="login-input"
          type="password"
          name="password"
          placeholder={t('login.password')}
          aria-label={t('login.password')}
          autoComplete="current-password"
          value={values.password}
          aria-invalid={Boolean(errors.password)}
          onChange={(event) => set('password')(event.target.value)}
        />
      </LoginField>
      {captchaMode ? (
        <LoginField error={errors.captchaCode}>
          <CaptchaField
            captcha={captcha}
            onRefresh={() => void refreshCaptcha()}
            value={values.captchaCode}
            onChange={set('captchaCode')}
            invalid={Boolean(errors.captchaCode)}
          />
        </LoginField>
      ) : null}
      <button type="submit" className="login-submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
