// The console: antd theme and locale from the person's choices, and the routes.
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './router/AppRoutes';
import { useThemeChoice } from './theme/theme-store';
import { themeConfig } from './theme/themes';

export function App() {
  const { i18n } = useTranslation();
  const { name, color } = useThemeChoice();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={themeConfig(name, color)}>
      <AntApp>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
