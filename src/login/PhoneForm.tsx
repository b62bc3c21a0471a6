// Phone and code sign-in: the code is sent through the SMS adapter, then exchanged with grant `sms_code`.
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../runtime/http/client';
import { sendSmsCode, signInWithPhone, type TokenAnswer } from '../session/auth-api';
import { phoneProblem } from '../validate/fields';
import { signInFailureText } from './failure-text';

interface Values {
  phone: string;
  code: string;
}

/** Seconds before another code may be asked for. */
const resendAfter = 60;

export function PhoneForm({ onSignedIn }: { onSignedIn: (answer: TokenAnswer) => void }) {
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [wait, setWait] = useState(0);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait(wait - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    setError(undefined);
    try {
      const { phone } = await form.validateFields(['phone']);
      await sendSmsCode(phone);
      setNotice(t('login.codeSent'));
      setWait(resendAfter);
    } catch (failure) {
      if (failure instanceof ApiError) setError(signInFailureText(failure));
    }
  };

  const submit = async ({ phone, code }: Values) => {
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(await signInWithPhone(phone, code));
    } catch (failure) {
      setError(signInFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} name="phone" onFinish={submit} size="large" autoComplete="off">
      {error ? <Alert type="error" showIcon title={error} className="login-error" role="alert" /> : null}
      {notice && !error ? <Alert type="success" showIcon title={notice} className="login-error" /> : null}
      <Form.Item
        name="phone"
        rules={[
          {
            validator: (_rule, value: string) => {
              const problem = phoneProblem(value);
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input prefix={<MobileOutlined />} placeholder={t('login.phone')} maxLength={11} />
      </Form.Item>
      <Form.Item name="code" rules={[{ required: true, message: t('login.codeRequired') }]}>
        <Space.Compact style={{ width: '100%' }}>
          <Input prefix={<SafetyOutlined />} placeholder={t('login.code')} maxLength={6} />
          <Button onClick={() => void sendCode()} disabled={wait > 0}>
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
