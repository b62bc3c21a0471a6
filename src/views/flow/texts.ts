// Texts of the process modeler and the instance diagram (docs/workflow.md): namespace `views`, under `flow`
// (locales/<language>/views.json).

import { useTranslation } from '@ride-console/runtime/shell';
import type views from '../../../locales/zh/views.json';

export type FlowText = keyof (typeof views)['flow'];

export function useFlowText(): (key: FlowText) => string {
  const { t } = useTranslation('views');
  return (key) => t(`flow.${key}`);
}
