// Phone and code sign-in: the code is sent through the SMS adapter, then exchanged with grant `sms_code`. A text
// costs money, so the server sends one only with the captcha shown here solved; each try uses the captcha up.

import { useTranslation } from '@ride-console/runtime/shell';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { type Captcha, fetchCaptcha, sendSmsCode, signInWithPhone, type TokenAnswer } from '../session/auth-api';
import { phoneProblem } from '../validate/fields';
import { CaptchaField } from './CaptchaField';
import { signInFailureText } from './failure-text';
import { type FieldErrors, LoginField } from './LoginField';

type Field = 'phone' | 'captchaCode' | 'code';

/** Seconds before another code may be asked for. */
const resendAfter = 60;

export function PhoneForm({ onSignedIn }: { onSignedIn: (answer: TokenAnswer) => void }) {
  const { t } = useTranslation('shell');
  const [values, setValues] = useState<Record<Field, string>>({ phone: '', captchaCode: '', code: '' });
  const [captcha, setCaptcha] = useState<Captcha>();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  const refreshCaptcha = useCallback(async () => {
    try {
      setCaptcha(await fetchCaptcha());
    } catch {
      setCaptcha(undefined);
    }
    setValues((current) => ({ ...current, captchaCode: '' }));
  }, []);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const set = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const phoneError = (): string | undefined => {
    const problem = phoneProblem(values.phone);
    return problem ? t(problem) : undefined;
  };

  const sendCode = async () => {
    setError(undefined);
    // One message at a time: the number first, then the captcha.
    const phone = phoneError();
    const captchaCode = phone || values.captchaCode.trim() ? undefined : t('login.captchaRequired');
    setErrors((current) => ({ ...current, phone, captchaCode }));
    if (phone || captchaCode) return;
    try {
      await sendSmsCode(values.phone, { key: captcha?.key ?? '', code: values.captchaCode });
      setNotice(t('login.codeSent'));
      setWait(resendAfter);
    } catch (failure) {
      setError(signInFailureText(failure));
    }
    void refreshCaptcha();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: FieldErrors<Field> = {
      phone: phoneError(),
      code: values.code.trim() ? undefined : t('login.codeRequired'),
    };
    setErrors(missing);
    if (missing.phone || missing.code) return;
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInWithPhone(values.phone, values.code));
    } catch (failure) {
      setError(signInFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} autoComplete="off" noValidate>
      {error ? (
        <p className="login-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice && !error ? <p className="login-notice">{notice}</p> : null}
      <LoginField error={errors.phone}>
        <input
          className="login-input"
          name="phone"
          inputMode="numeric"
          placeholder={t('login.phone')}
          aria-label={t('login.phone')}
          maxLength={11}
          value={values.phone}
          aria-invalid={Boolean(errors.phone)}
          onChange={(event) => set('phone')(event.target.value)}
        />
      </LoginField>
      <LoginField error={errors.captchaCode}>
        <CaptchaField
          captcha={captcha}
          onRefresh={() => void refreshCaptcha()}
          value={values.captchaCode}
          onChange={set('captchaCode')}
          invalid={Boolean(errors.captchaCode)}
        />
      </LoginField>
      <LoginField error={errors.code}>
        <div className="login-captcha-row">
          <input
            className="login-input"
            name="code"
            inputMode="numeric"
            placeholder={t('login.code')}
            aria-label={t('login.code')}
            maxLength={6}
            value={values.code}
            aria-invalid={Boolean(errors.code)}
            onChange={(event) => set('code')(event.target.value)}
          />
          <button type="button" className="login-send" onClick={() => void sendCode()} disabled={wait > 0}>
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </button>
        </div>
      </LoginField>
      <button type="submit" className="login-submit" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}
