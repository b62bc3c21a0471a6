// Image upload through put-file: jpg or png only, at most ui:options.maxKb (default: the console's image limit).
import { PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { App, Image, Upload } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../config';
import { request } from '../../http/client';
import { useRuntimeText } from '../../i18n/label';

const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';
const TYPES = ['image/jpeg', 'image/png'];

export function checkImage(file: { type: string; size: number }, maxKb: number): 'type' | 'size' | undefined {
  if (!TYPES.includes(file.type)) return 'type';
  if (file.size / 1024 > maxKb) return 'size';
  return undefined;
}

export function ImageUploadWidget(props: WidgetProps) {
  const t = useRuntimeText();
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  const { imageMaxKb } = useRuntime();
  const maxKb = Number(props.options.maxKb ?? imageMaxKb);
  const locked = props.disabled || props.readonly;
  return (
    <div id={props.id} style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
      {props.value ? <Image src={String(props.value)} width={96} height={96} /> : null}
      {!locked && (
        <Upload
          accept=".jpg,.jpeg,.png"
          listType="picture-card"
          showUploadList={false}
          beforeUpload={(file) => {
            const problem = checkImage(file, maxKb);
            if (problem === 'type') message.error(t('uploadTypes', { types: 'jpg/png' }));
            if (problem === 'size') message.error(t('uploadSize', { size: `${maxKb}kb` }));
            return problem ? Upload.LIST_IGNORE : true;
          }}
          customRequest={async ({ file, onSuccess, onError }) => {
            setBusy(true);
            const body = new FormData();
            body.append('file', file as Blob);
            try {
              const answer = await request<{ link: string }>({ method: 'POST', url: PUT_FILE, data: body });
              props.onChange(answer.link);
              onSuccess?.(answer);
            } catch (error) {
              onError?.(error as Error);
            } finally {
              setBusy(false);
            }
          }}
        >
          <div>
            <PlusOutlined />
            <div>{busy ? '…' : t('upload')}</div>
          </div>
        </Upload>
      )}
    </div>
  );
}
