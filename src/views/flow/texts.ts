// Texts of the process modeler and the instance diagram (docs/workflow.md): namespace `views`, under `flow`
// (locales/<language>/views.json).
import type views from '../../../locales/zh/views.json';
import { useTranslation } from '../../../runtime/i18n/texts';

export type FlowText = keyof (typeof views)['flow'];

export function useFlowText(): (key: FlowText) => string {
  const { t } = useTranslation('views');
  return (key) => t(`flow.${key}`);
}
