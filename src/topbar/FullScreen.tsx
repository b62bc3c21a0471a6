import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Tooltip } from 'antd';
import { useEffect, useState } from 'react';

export function FullScreen() {
  const { t } = useTranslation('shell');
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const update = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', update);
    return () => document.removeEventListener('fullscreenchange', update);
  }, []);
  const toggle = () => {
    const change = document.fullscreenElement
      ? document.exitFullscreen()
      : document.documentElement.requestFullscreen();
    void change.catch(() => setFull(Boolean(document.fullscreenElement)));
  };
  const label = full ? t('top.exitFullScreen') : t('top.fullScreen');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}
