// Texts of the system area's custom dialogs: namespace `views`, under `grant` (locales/<language>/views.json).
import type views from '../../../locales/zh/views.json';
import { useTranslation } from '../../../runtime/i18n/texts';

export type ViewText = keyof (typeof views)['grant'];

export function useViewText(): (key: ViewText) => string {
  const { t } = useTranslation('views');
  return (key) => t(`grant.${key}`);
}
