// Stands in for antd App's notification hook (scripts/antd-on-demand.ts): it loads with the first notification.
import { onDemandHook } from './on-demand-hook';

export default onDemandHook(
  () => import('antd/es/notification/useNotification'),
  ['open', 'success', 'error', 'info', 'warning', 'destroy'],
);
