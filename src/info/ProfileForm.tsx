// The info tab: avatar, name, real name, phone and email.
import { LoadingOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Avatar, Button, Form, Input, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { session } from '../session/session-store';
import { phoneProblem } from '../validate/fields';
import { avatarProblem } from './avatar-check';
import { fetchProfile, type Profile, saveProfile, uploadAvatar } from './profile-api';

export function ProfileForm() {
  const { t } = useTranslation('shell');
  const { message } = App.useApp();
  const [form] = Form.useForm<Profile>();
  const avatar = Form.useWatch('avatar', form);
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    fetchProfile().then(
      (profile) => form.setFieldsValue(profile ?? {}),
      () => undefined,
    );
  }, [form]);

  const beforeUpload = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      void message.error(t(problem));
      return Upload.LIST_IGNORE;
    }
    setUploading(true);
    uploadAvatar(file)
      .then((link) => form.setFieldValue('avatar', link))
      .catch(() => undefined)
      .finally(() => setUploading(false));
    return false;
  };

  const submit = async (profile: Profile) => {
    setBusy(true);
    try {
      await saveProfile(profile);
      session.updateUser({ avatar: profile.avatar, nickName: profile.name });
      void message.success(t('info.saved'));
    } catch {
      // The request client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 480 }}>
      <Form.Item name="avatar" label={t('info.avatar')}>
        <Upload accept=".jpg,.jpeg,.png" showUploadList={false} beforeUpload={beforeUpload} listType="picture-card">
          {avatar ? (
            <Avatar shape="square" size={96} src={avatar} />
          ) : (
            <div>
              {uploading ? <LoadingOutlined /> : <PlusOutlined />}
              <div style={{ marginTop: 8 }}>{t('info.upload')}</div>
            </div>
          )}
        </Upload>
      </Form.Item>
      <Form.Item name="name" label={t('info.name')} rules={[{ required: true, message: t('info.nameRequired') }]}>
        <Input />
      </Form.Item>
      <Form.Item name="realName" label={t('info.realName')}>
        <Input />
      </Form.Item>
      <Form.Item
        name="phone"
        label={t('info.phone')}
        rules={[
          {
            validator: (_rule, value: string) => {
              const problem = value ? phoneProblem(value) : undefined;
              return problem ? Promise.reject(new Error(t(problem))) : Promise.resolve();
            },
          },
        ]}
      >
        <Input maxLength={11} />
      </Form.Item>
      <Form.Item name="email" label={t('info.email')} rules={[{ type: 'email', message: t('info.emailInvalid') }]}>
        <Input />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={busy}>
        {t('info.submit')}
      </Button>
    </Form>
  );
}
