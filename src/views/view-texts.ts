// The custom views' texts, namespace `views` (locales/<language>/views.json, one part per view): they load with the
// signed-in part of the console, beside its code, in Chinese (the fallback) and the current language.
import { i18n } from '@ride-console/runtime/shell';

export const loadViewTexts = (): Promise<void> => i18n.loadNamespaces('views');
