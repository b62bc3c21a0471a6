// A menu entry whose screen is not part of this release: said plainly instead of a blank page.
import { Result } from 'antd';
import { useTranslation } from '../../runtime/i18n/texts';

export function NotBuilt({ path }: { path: string }) {
  const { t } = useTranslation('shell');
  return <Result status="info" title={t('notBuilt.title')} subTitle={t('notBuilt.hint', { path })} />;
}
