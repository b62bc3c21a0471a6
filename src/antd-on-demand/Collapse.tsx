// Stands in for the Collapse of antd's colour presets (scripts/antd-on-demand.ts).
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/collapse'));
