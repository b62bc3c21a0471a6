// Stands in for the radio button of antd's table selection and filter (scripts/antd-on-demand.ts).
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/radio'));
