// The theme button of the header; the chooser loads when first opened, not with every screen.
import { BgColorsOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Tooltip } from 'antd';
import { lazy, Suspense, useState } from 'react';

const ThemeDialog = lazy(() => import('./ThemeDialog'));

export function ThemeButton() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps antd's closing motion.
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Tooltip title={t('theme.title')}>
        <Button
          type="text"
          icon={<BgColorsOutlined />}
          aria-label={t('theme.title')}
          onClick={() => {
            setOpened(true);
            setOpen(true);
          }}
        />
      </Tooltip>
      {opened ? (
        <Suspense fallback={null}>
          <ThemeDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
