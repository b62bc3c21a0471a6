// Texts of the system area's custom dialogs: namespace `views`, under `grant` (locales/<language>/views.json).

import { useTranslation } from '@ride-console/runtime/shell';
import type views from '../../../locales/zh/views.json';

export type ViewText = keyof (typeof views)['grant'];

export function useViewText(): (key: ViewText) => string {
  const { t } = useTranslation('views');
  return (key) => t(`grant.${key}`);
}
