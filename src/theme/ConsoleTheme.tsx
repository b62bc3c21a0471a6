// antd's theme and locale for everything behind sign-in. The sign-in page is plain markup and never loads antd,
// which keeps its JavaScript small; every antd screen sits inside this provider. The locales come from antd's ES build,
// which shares its modules with the components (the CommonJS one would be a second copy). Buttons keep their label as
// written: antd would space a two-character one (保 存), and a screen reader would then read two separate characters.
// A person who asked their system for less motion gets none.

import { useTranslation } from '@ride-console/runtime/shell';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { useThemeChoice } from './theme-store';
import { themeConfig } from './themes';
import { useDayjsLocale } from './useDayjsLocale';
import { useReducedMotion } from './useReducedMotion';

export function ConsoleTheme({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const { name, color } = useThemeChoice();
  const reducedMotion = useReducedMotion();
  useDayjsLocale(i18n.language);
  const theme = themeConfig(name, color);
  return (
    <ConfigProvider
      locale={i18n.language === 'en' ? enUS : zhCN}
      theme={{ ...theme, token: { ...theme.token, motion: !reducedMotion } }}
      button={{ autoInsertSpace: false }}
    >
      {children}
    </ConfigProvider>
  );
}
