// Stands in for antd's Input.Password (scripts/antd-on-demand.ts): only the lock, register and password forms draw it.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/input/Password'));
