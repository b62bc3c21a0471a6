// The password tab: the two new passwords must agree before anything is sent.

import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { changePassword, type PasswordChange } from './profile-api';

export function PasswordForm() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordChange>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: PasswordChange) => {
    setBusy(true);
    try {
      await changePassword(values);
      form.resetFields();
      void message.success(t('password.saved'));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }}>
      <Form.Item
        name="oldPassword"
        label={t('password.old')}
        rules={[{ required: true, message: t('password.oldRequired') }]}
      >
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        label={t('password.new')}
        rules={[{ required: true, message: t('password.newRequired') }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPassword1"
        label={t('password.confirm')}
        dependencies={['newPassword']}
        rules={[
          { required: true, message: t('password.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: string) =>
              !value || value === getFieldValue('newPassword')
                ? Promise.resolve()
                : Promise.reject(new Error(t('password.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
