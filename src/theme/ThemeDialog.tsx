// The theme chooser: eleven themes, each shown with its own colours, and the primary colour picker (spec §2).
import { BgColorsOutlined, CheckOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Spin, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { settings } from '../config/settings';
import { themeNames } from './theme-names';
import { themeStore, useThemeChoice } from './theme-store';
import { lookOf } from './themes';
import './theme-dialog.css';

// The colour picker brings a slider and a number input; it loads when the dialog first opens, not with every screen.
const ColorPicker = lazy(() => import('antd/es/color-picker'));

export function ThemeButton() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  const choice = useThemeChoice();
  return (
    <>
      <Tooltip title={t('theme.title')}>
        <Button type="text" icon={<BgColorsOutlined />} aria-label={t('theme.title')} onClick={() => setOpen(true)} />
      </Tooltip>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('theme.title')} width={640}>
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
    </>
  );
}
