// Start-up: languages, the request client, error capture, then the console. The runtime is set up by the signed-in
// part (MainLayout), which alone draws its screens.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { setUpI18n } from './i18n';
import { captureUncaughtErrors } from './logs/error-log';
import { prepareConsoleAt, startConsole } from './router/console-code';
import { quietRefusals, setUpHttp } from './session/http-setup';
import { session } from './session/session-store';
import { themeStore } from './theme/theme-store';
import './styles/global.css';

// A console in another language than Chinese is drawn once its texts (and menu names), which load apart, are at hand.
const textsReady = setUpI18n();
setUpHttp();
// An empty token means signed out: nothing of an earlier session (person, tabs, lock) may linger.
let consoleReady: Promise<void> | undefined;
const CONSOLE_WAIT_MS = 3000;
if (!session.get().token) session.clear();
else if (!session.get().locked) {
  // A reload signed in asks for the menu and the console's code at once, and draws once that code is here (cached on
  // a revisit) and the screen's definition read: drawn before, the console would show its spinner first, and React then holds the screen back until
  // 300 ms after that spinner appeared. The page's own spinner (index.html) stands meanwhile; a load slower than
  // CONSOLE_WAIT_MS is left to the console's own spinner, and a load that never ends to its 120 s limit.
  // Its screen's calls may be refused before anything is drawn to say so: the console says it once drawn (MainLayout).
  quietRefusals('opening', true);
  consoleReady = Promise.race([
    prepareConsoleAt(window.location.pathname).catch(() => undefined),
    new Promise<void>((done) => setTimeout(done, CONSOLE_WAIT_MS)),
  ]);
  startConsole();
}
captureUncaughtErrors();
document.body.className = themeStore.get().name;

void Promise.all([textsReady.catch(() => undefined), consoleReady]).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
