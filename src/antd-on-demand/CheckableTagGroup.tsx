// Stands in for antd's Tag.CheckableTagGroup (scripts/antd-on-demand.ts): the console's tags only show values.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/tag/CheckableTagGroup'));
