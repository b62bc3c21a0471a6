// Wires the request client to the session: token header, 401 → sign-out, every other failure shown as a message.
import i18n from 'i18next';
import { configureHttp } from '../../runtime/client';
import { settings } from '../config/settings';
import { session } from './session-store';

/** Network failures carry the browser's own words; people get the console's. */
export function describeFailure(text: string, code: number): string {
  if (code !== 0) return text;
  if (text === 'timeout') return i18n.t('shell:http.timeout');
  return i18n.t('shell:http.network', { reason: text });
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
    onError: (text, code) => {
      if (code === 401) return;
      const shown = describeFailure(text, code);
      // Loaded on the first failure, so the sign-in page does not carry the message component.
      void import('antd/es/message').then(({ default: message }) => message.error(shown));
    },
  });
}
