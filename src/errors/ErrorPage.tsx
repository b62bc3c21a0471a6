// /403, /404 and /500: said plainly, with a way back home.

import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePageTitle } from '../i18n/page-title';
import { ConsoleTheme } from '../theme/ConsoleTheme';

export default function ErrorPage({ status }: { status: 403 | 404 | 500 }) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  usePageTitle(String(status));
  return (
    <ConsoleTheme>
      <Result
        status={status}
        title={status}
        subTitle={t(`errors.${status}`)}
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            {t('errors.home')}
          </Button>
        }
      />
    </ConsoleTheme>
  );
}
