// The lock dialog asks for a lock password; when one is already set this session, the page locks at once (spec §2).
import { LockOutlined } from '@ant-design/icons';
import { Button, Form, Input, Modal, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { session } from '../session/session-store';

export function LockButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ password: string }>();

  const lock = (password: string) => {
    session.lock(password, `${location.pathname}${location.search}`);
    setOpen(false);
    navigate(settings.lockPath, { replace: true });
  };

  const start = () => {
    const existing = session.lockPassword();
    if (existing) lock(existing);
    else setOpen(true);
  };

  return (
    <>
      <Tooltip title={t('lock.title')}>
        <Button type="text" icon={<LockOutlined />} aria-label={t('lock.title')} onClick={start} />
      </Tooltip>
      <Modal
        open={open}
        title={t('lock.dialogTitle')}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        destroyOnHidden
        width={400}
      >
        <Form form={form} layout="vertical" onFinish={({ password }) => lock(password)} preserve={false}>
          <Form.Item
            name="password"
            label={t('lock.password')}
            rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
          >
            <Input.Password autoFocus placeholder={t('lock.passwordPlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
