// Wires the request client to the session: token header, 401 → sign-out, every other failure shown as a message.

import { configureHttp, i18n } from '@ride-console/runtime/shell';
import { takeSentAhead } from '../ahead/take-ahead';
import { settings } from '../config/settings';
import { session } from './session-store';

/** Network failures carry the browser's own words; people get the console's. */
export function describeFailure(text: string, code: number): string {
  if (code !== 0) return text;
  if (text === 'timeout') return i18n.t('shell:http.timeout');
  return i18n.t('shell:http.network', { reason: text });
}

/**
 * Why a refusal (403) is not shown as a message just now: the console says it another way. A screen is drawn ahead of
 * the menu (src/layout/resolve-view.tsx), so its calls may be refused before the menu says whether the person may
 * open it ('menu'), and answered after the 403 page took its place ('forbidden'). A reload reads its screen before
 * the console is drawn ('opening', src/main.tsx): a refusal then is said once it is, by the 403 page or by the list's
 * own alert.
 */
type QuietReason = 'menu' | 'forbidden' | 'opening';
const quiet = new Set<QuietReason>();

export function quietRefusals(reason: QuietReason, on: boolean): void {
  if (on) quiet.add(reason);
  else quiet.delete(reason);
}

export function setUpHttp(): void {
  configureHttp({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    timeout: settings.requestTimeoutMs,
    statusWhiteList: settings.statusWhiteList,
    getToken: () => session.get().token,
    getLanguage: () => (i18n.language === 'en' ? 'en' : 'zh-CN'),
    onUnauthorized: () => {
      if (session.get().token) session.clear();
    },
    takeSentAhead,
    onError: (text, code) => {
      if (code === 401 || (code === 403 && quiet.size > 0)) return;
      const shown = describeFailure(text, code);
      // Loaded on the first failure, so the sign-in page does not carry the message component.
      void import('antd/es/message').then(({ default: message }) => message.error(shown));
    },
  });
}
