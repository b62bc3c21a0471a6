// Stands in for antd App's modal hook (scripts/antd-on-demand.ts): the confirm dialogs load with the first one asked.
import { onDemandHook } from './on-demand-hook';

export default onDemandHook(() => import('antd/es/modal/useModal'), ['confirm', 'info', 'success', 'error', 'warning']);
