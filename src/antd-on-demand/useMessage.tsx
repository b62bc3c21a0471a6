// Stands in for antd App's message hook (scripts/antd-on-demand.ts): antd's messages load with the first one shown.
import { onDemandHook } from './on-demand-hook';

export default onDemandHook(
  () => import('antd/es/message/useMessage'),
  ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
);
