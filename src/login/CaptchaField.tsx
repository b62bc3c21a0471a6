// The captcha image with its key; clicking it (or a failed sign-in) fetches a new one.
import { Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Captcha } from '../session/auth-api';

interface Props {
  captcha?: Captcha;
  onRefresh: () => void;
  value?: string;
  onChange?: (value: string) => void;
}

export function CaptchaField({ captcha, onRefresh, value, onChange }: Props) {
  const { t } = useTranslation('shell');
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        size="large"
        placeholder={t('login.captcha')}
        value={value}
        maxLength={8}
        onChange={(event) => onChange?.(event.target.value)}
      />
      <button type="button" className="login-captcha" onClick={onRefresh} title={t('login.refreshCaptcha')}>
        {captcha?.image ? <img src={captcha.image} alt={t('login.captchaImage')} /> : null}
      </button>
    </Space.Compact>
  );
}
