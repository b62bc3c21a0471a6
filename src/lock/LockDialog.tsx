// The dialog asking for a lock password; it loads when first opened, so the header does not carry antd's form.

import { useTranslation } from '@ride-console/runtime/shell';
import { Form, Input, Modal } from 'antd';

export default function LockDialog(props: { open: boolean; onLock: (password: string) => void; onClose: () => void }) {
  const { open, onLock, onClose } = props;
  const { t } = useTranslation('shell');
  const [form] = Form.useForm<{ password: string }>();
  return (
    <Modal
      open={open}
      title={t('lock.dialogTitle')}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      width={400}
    >
      <Form form={form} layout="vertical" onFinish={({ password }) => onLock(password)} preserve={false}>
        <Form.Item
          name="password"
          label={t('lock.password')}
          rules={[{ required: true, whitespace: true, message: t('lock.passwordRequired') }]}
        >
          <Input.Password autoFocus placeholder={t('lock.passwordPlaceholder')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
