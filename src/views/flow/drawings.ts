// The drawings' loaders, in a chunk of their own: the list of bpmn-js files each drawing fetches stays here, out of
// the chunk every screen loads (names.tsx).
export const modeler = () => import('./BpmnModelerWidget');
export const diagram = () => import('./ProcessDiagramDialog');
