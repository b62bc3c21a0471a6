// A menu entry whose screen is not part of this release: said plainly instead of a blank page.

import { useTranslation } from '@ride-console/runtime/shell';
import { Result } from 'antd';

export function NotBuilt({ path }: { path: string }) {
  const { t } = useTranslation('shell');
  return <Result status="info" title={t('notBuilt.title')} subTitle={t('notBuilt.hint', { path })} />;
}
