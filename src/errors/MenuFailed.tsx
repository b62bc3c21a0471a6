// The menu could not be loaded (server down, network gone): say so and offer to try again, rather than a 404.

import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Result } from 'antd';
import { menuStore } from '../menu/menu-store';

export function MenuFailed() {
  const { t } = useTranslation('shell');
  return (
    <Result
      status="warning"
      title={t('menuFailed.title')}
      subTitle={t('menuFailed.hint')}
      extra={
        <Button type="primary" onClick={() => void menuStore.load()}>
          {t('menuFailed.retry')}
        </Button>
      }
    />
  );
}
