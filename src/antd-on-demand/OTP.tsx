// Stands in for antd's Input.OTP (scripts/antd-on-demand.ts): the console asks for no one-time codes.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/input/OTP'));
