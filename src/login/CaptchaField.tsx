// The captcha image with its key; clicking it (or a failed sign-in) fetches a new one.
import { useTranslation } from '@ride-console/runtime/shell';
import type { Captcha } from '../session/auth-api';

interface Props {
  captcha?: Captcha;
  onRefresh: () => void;
  value: string;
  onChange: (value: string) => void;
  invalid: boolean;
}

export function CaptchaField({ captcha, onRefresh, value, onChange, invalid }: Props) {
  const { t } = useTranslation('shell');
  return (
    <div className="login-captcha-row">
      <input
        className="login-input"
        name="captcha"
        placeholder={t('login.captcha')}
        aria-label={t('login.captcha')}
        value={value}
        maxLength={8}
        aria-invalid={invalid}
        onChange={(event) => onChange(event.target.value)}
      />
      <button
        type="button"
        className="login-captcha"
        onClick={onRefresh}
        title={t('login.refreshCaptcha')}
        aria-label={t('login.refreshCaptcha')}
      >
        {captcha?.image ? <img src={captcha.image} alt={t('login.captchaImage')} /> : null}
      </button>
    </div>
  );
}
