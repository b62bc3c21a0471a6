// The client error log: a badge with the count (at most 99 shown) that opens the full-screen log table.
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Tooltip } from 'antd';
import { Suspense, useState } from 'react';
import { lazyView } from '../errors/chunk-load';
import { useErrorLog } from '../logs/error-log';
import { CountBadge } from './CountBadge';

const LogDialog = lazyView(() => import('../logs/LogDialog'));

export function LogBadge() {
  const { t } = useTranslation('shell');
  const entries = useErrorLog();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('log.title')}>
        <CountBadge count={entries.length}>
          <Button type="text" icon={<BugOutlined />} aria-label={t('log.title')} onClick={() => setOpen(true)} />
        </CountBadge>
      </Tooltip>
      {open ? (
        <Suspense fallback={null}>
          <LogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
