// The runtime's own texts, namespace `runtime` (locales/<language>/runtime.json): they load with the signed-in part of
// the console, in Chinese (the fallback) and the current language, never with the sign-in page.
import { i18n } from './texts';

export const loadRuntimeTexts = (): Promise<void> => i18n.loadNamespaces('runtime');
