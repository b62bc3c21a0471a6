// /myiframe/urlPath?src=…&name=…: an external page shown inside the console.

import { useTranslation } from '@ride-console/runtime/shell';
import { Result } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { isHttpUrl } from '../validate/fields';

export function IframePage() {
  const { t } = useTranslation('shell');
  const [params] = useSearchParams();
  const src = params.get('src') ?? '';
  const address = isHttpUrl(src) || src.startsWith('/') ? src : `/${src}`;
  if (!src) return <Result status="warning" title={t('iframe.missing')} />;
  return (
    <iframe
      title={params.get('name') ?? src}
      src={address}
      style={{ width: '100%', height: 'calc(100vh - 140px)', border: 0, background: '#fff' }}
    />
  );
}
