// Stands in for the virtual (windowed) body of antd's table (scripts/antd-on-demand.ts): the console's lists are paged.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/table/RcTable/VirtualTable'));
