// Stands in for the tree of antd's table filter (scripts/antd-on-demand.ts).
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/tree'));
