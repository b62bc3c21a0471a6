// Account and password sign-in (spec §5: username, md5 password, type, captcha key and code).
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Captcha, fetchCaptcha, signInWithAccount, type TokenAnswer } from '../session/auth-api';
import { CaptchaField } from './CaptchaField';
import { signInFailureText } from './failure-text';

interface Values {
  username: string;
  password: string;
  captchaCode?: string;
}

export function AccountForm({ onSignedIn }: { onSignedIn: (answer: TokenAnswer) => void }) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<Values>();
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
      form.setFieldValue('captchaCode', '');
    } catch {
      setCaptchaMode(false);
    }
  }, [form]);

  useEffect(() => {
    void refreshCaptcha();
  }, [refreshCaptcha]);

  const submit = async (values: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      const answer = await signInWithAccount({ ...values, captchaKey: captcha?.key }, captchaMode);
      onSignedIn(answer);
    } catch (failure) {
      setError(signInFailureText(failure));
      if (captchaMode) void refreshCaptcha();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="account" onFinish={submit} size="large" autoComplete="off">
      {error ? <Alert type="error" showIcon title={error} className="login-error" role="alert" /> : null}
      <Form.Item name="username" rules={[{ required: true, message: t('login.usernameRequired') }]}>
        <Input prefix={<UserOutlined />} placeholder={t('login.username')} autoComplete="username" />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
        <Input.Password prefix={<LockOutlined />} placeholder={t('login.password')} autoComplete="current-password" />
      </Form.Item>
      {captchaMode ? (
        <Form.Item name="captchaCode" rules={[{ required: true, message: t('login.captchaRequired') }]}>
          <CaptchaField captcha={captcha} onRefresh={() => void refreshCaptcha()} />
        </Form.Item>
      ) : null}
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
