// The theme chooser: eleven themes, each shown with its own colours, and the primary colour picker (spec §2).
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Modal, Space, Spin, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { settings } from '../config/settings';
import { themeNames } from './theme-names';
import { themeStore, useThemeChoice } from './theme-store';
import { lookOf } from './themes';
import './theme-dialog.css';

// The colour picker brings a slider and a number input; it loads with the dialog's first view, not before.
const ColorPicker = lazy(() => import('antd/es/color-picker'));

export default function ThemeDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const choice = useThemeChoice();
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('theme.title')} width={640}>
      <div className="theme-grid">
        {themeNames.map((name) => {
          const look = lookOf(name);
          return (
            <button
              type="button"
              key={name}
              className={`theme-card${choice.name === name ? ' theme-card-active' : ''}`}
              onClick={() => themeStore.setTheme(name)}
              aria-pressed={choice.name === name}
            >
              <span className="theme-sample" style={{ background: look.body }}>
                <span className="theme-sample-header" style={{ background: look.header }} />
                <span className="theme-sample-sider" style={{ background: look.sider }} />
              </span>
              <span className="theme-name">
                {choice.name === name ? <CheckOutlined /> : null} {t(`theme.names.${name}`)}
              </span>
            </button>
          );
        })}
      </div>
      <Space style={{ marginTop: 16 }}>
        <Typography.Text>{t('theme.color')}</Typography.Text>
        <Suspense fallback={<Spin size="small" />}>
          <ColorPicker
            value={choice.color}
            disabledAlpha
            showText
            onChangeComplete={(color) => themeStore.setColor(color.toHexString())}
          />
        </Suspense>
        <Button size="small" onClick={() => themeStore.setColor(settings.defaultColor)}>
          {t('theme.resetColor')}
        </Button>
      </Space>
    </Modal>
  );
}
