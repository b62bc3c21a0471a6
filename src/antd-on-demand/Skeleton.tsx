// Stands in for the skeleton of antd's loading card (scripts/antd-on-demand.ts).
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/skeleton'));
