// Start-up: languages, the request client, error capture, then the console. The runtime is set up by the signed-in
// part (MainLayout), which alone draws its screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setUpI18n } from './i18n';
import { captureUncaughtErrors } from './logs/error-log';
import { setUpHttp } from './session/http-setup';
import { session } from './session/session-store';
import { themeStore } from './theme/theme-store';
import './styles/global.css';

// A console in another language than Chinese is drawn once its texts (and menu names), which load apart, are at hand.
const textsReady = setUpI18n();
setUpHttp();
// An empty token means signed out: nothing of an earlier session (person, tabs, lock) may linger.
if (!session.get().token) session.clear();
captureUncaughtErrors();
document.body.className = themeStore.get().name;

void textsReady
  .catch(() => undefined)
  .then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
