// The built-in action "fileUpload": a dialog that sends files one by one through put-file, which stores each and
// records it as an attachment; closing it reloads the list when at least one file arrived.
import { InboxOutlined } from '@ant-design/icons';
import { App, Button, Modal, Upload } from 'antd';
import { useState } from 'react';
import { useProvider } from '../config';
import { useRuntimeText } from '../i18n/label';
import type { ActionProps } from '../registry';

const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';

export function FileUploadAction({ options, onClose }: ActionProps) {
  const t = useRuntimeText();
  const { message } = App.useApp();
  const provider = useProvider();
  const [uploaded, setUploaded] = useState(0);
  const url = typeof options.url === 'string' ? options.url : PUT_FILE;
  const close = () => onClose(uploaded > 0);
  return (
    <Modal
      open
      title={t('uploadTitle')}
      onCancel={close}
      footer={<Button onClick={close}>{t('close')}</Button>}
      destroyOnHidden
    >
      <Upload.Dragger
        multiple
        accept={typeof options.accept === 'string' ? options.accept : undefined}
        customRequest={async ({ file, onSuccess, onError }) => {
          const body = new FormData();
          body.append('file', file as Blob);
          try {
            // A refusal (type, size, content) is shown by the data provider and marks the file red in the list.
            onSuccess?.(await provider.send({ method: 'POST', url, data: body }));
            setUploaded((count) => count + 1);
            message.success(t('uploadSuccess'));
          } catch (error) {
            onError?.(error as Error);
          }
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('uploadHint')}</p>
      </Upload.Dragger>
    </Modal>
  );
}

export default FileUploadAction;
