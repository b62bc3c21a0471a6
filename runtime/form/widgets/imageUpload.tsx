// Image upload through put-file: jpg or png only, at most ui:options.maxKb (default: the console's image limit).
// `multiple` keeps several links as a comma list (a fault report's pictures), each with its own remove button.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { App, Button, Image, Upload } from 'antd';
import { useState } from 'react';
import { useRuntime } from '../../config';
import type { DataOf } from '../../http/wire';
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
  const { imageMaxKb, provider } = useRuntime();
  const maxKb = Number(props.options.maxKb ?? imageMaxKb);
  const locked = props.disabled || props.readonly;
  const multiple = props.options.multiple === true;
  const links = props.value ? String(props.value).split(',').filter(Boolean) : [];
  const keep = (next: string[]) => props.onChange(next.length ? next.join(',') : undefined);
  return (
    <div id={props.id} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {multiple
        ? links.map((link) => (
            <div key={link} style={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
              <Image src={link} width={96} height={96} />
              {!locked && (
                <Button
                  type="link"
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={t('delete')}
                  onClick={() => keep(links.filter((other) => other !== link))}
                />
              )}
            </div>
          ))
        : props.value && <Image src={String(props.value)} width={96} height={96} />}
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
              const answer = await provider.send<DataOf<typeof PUT_FILE, 'post'>>({
                method: 'POST',
                url: PUT_FILE,
                data: body,
              });
              if (multiple) keep([...links, answer.link]);
              else props.onChange(answer.link);
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
