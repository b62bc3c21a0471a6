// Stands in for antd's Input.TextArea (scripts/antd-on-demand.ts): only forms in dialogs and editors draw it.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/input/TextArea'));
