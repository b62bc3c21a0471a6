// Stands in for antd's Tree.DirectoryTree (scripts/antd-on-demand.ts): the console's trees are plain trees.
import { onDemandPart } from './on-demand-part';

export default onDemandPart(() => import('antd/es/tree/DirectoryTree'));
