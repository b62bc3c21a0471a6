// Start-up: languages, the request client, error capture, then the console.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setUpI18n } from './i18n';
import { captureUncaughtErrors } from './logs/error-log';
import { setUpHttp } from './session/http-setup';
import { themeStore } from './theme/theme-store';
import './styles/global.css';

setUpI18n();
setUpHttp();
captureUncaughtErrors();
document.body.className = themeStore.get().name;

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
