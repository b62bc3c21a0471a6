// The lock button: it asks for a lock password; when one is already set this session, the page locks at once (spec §2).
import { LockOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { settings } from '../config/settings';
import { session } from '../session/session-store';

const LockDialog = lazy(() => import('./LockDialog'));

export function LockButton() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps antd's closing motion.
  const [opened, setOpened] = useState(false);

  const lock = (password: string) => {
    session.lock(password, `${location.pathname}${location.search}`);
    setOpen(false);
    navigate(settings.lockPath, { replace: true });
  };

  const start = () => {
    const existing = session.lockPassword();
    if (existing) lock(existing);
    else {
      setOpened(true);
      setOpen(true);
    }
  };

  return (
    <>
      <Tooltip title={t('lock.title')}>
        <Button type="text" icon={<LockOutlined />} aria-label={t('lock.title')} onClick={start} />
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <LockDialog open={open} onLock={lock} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
