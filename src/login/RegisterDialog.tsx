// Third-party registration (spec §2): a social account without a user id, or with a negative one, must ask for an
// account first. The dialog cannot be dismissed; success signs out to /login. It loads only for such an account.

import { ApiError } from '@ride-console/runtime';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Form, message as globalMessage, Input, Modal } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { registerGuest } from '../session/auth-api';
import { useSession } from '../session/session-store';
import { signOut } from '../session/sign-out';
import { needsRegistration } from './registration';

interface Values {
  name: string;
  account: string;
  password: string;
  password2: string;
}

export default function RegisterDialog() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { user } = useSession();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);

  const submit = async ({ name, account, password }: Values) => {
    setBusy(true);
    try {
      await registerGuest({ name, account, password, oauthId: user?.oauthId ?? '' });
      // The global message outlives the console layout, which unmounts on the way to /login.
      void globalMessage.success(t('register.submitted'));
      await signOut();
      navigate('/login', { replace: true });
    } catch (failure) {
      void message.error(failure instanceof ApiError && failure.message ? failure.message : t('register.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={needsRegistration(user)}
      title={t('register.title')}
      closable={false}
      keyboard={false}
      mask={{ closable: false }}
      okText={t('register.submit')}
      cancelButtonProps={{ style: { display: 'none' } }}
      confirmLoading={busy}
      onOk={() => form.submit()}
      width={460}
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item
          name="name"
          label={t('register.name')}
          rules={[{ required: true, message: t('register.nameRequired') }]}
        >
          <Input placeholder={t('register.name')} />
        </Form.Item>
        <Form.Item
          name="account"
          label={t('register.account')}
          rules={[{ required: true, message: t('register.accountRequired') }]}
        >
          <Input placeholder={t('register.account')} />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('register.password')}
          rules={[{ required: true, message: t('register.passwordRequired') }]}
        >
          <Input.Password placeholder={t('register.password')} />
        </Form.Item>
        <Form.Item
          name="password2"
          label={t('register.password2')}
          dependencies={['password']}
          rules={[
            { required: true, message: t('register.passwordRequired') },
            ({ getFieldValue }) => ({
              validator: (_rule, value: string) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('register.mismatch'))),
            }),
          ]}
        >
          <Input.Password placeholder={t('register.password2')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
