// Texts of the page studio (docs/studio.md): namespace `views`, under `studio` (locales/<language>/views.json).

import { useLanguage, useTranslation } from '@ride-console/runtime/shell';
import { langOf } from '@ride-console/runtime/widgets';
import type views from '../../../locales/zh/views.json';

export type StudioText = keyof (typeof views)['studio'];

export function useStudioText(): (key: StudioText, values?: Record<string, string | number>) => string {
  const { t } = useTranslation('views');
  return (key, values) => t(`studio.${key}`, values);
}

export function useStudioLang(): 'zh' | 'en' {
  return langOf(useLanguage());
}
