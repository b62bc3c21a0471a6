// The workflow area's drawings, registered under the names its page definitions use: the modeler as the widget of
// 模型管理's model field, the instance diagram as 流程跟踪's row action. Every screen loads this file, so it holds the
// names and one import() only: the drawings (drawings.ts) and bpmn-js load with the first model or diagram opened.
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { registerAction, registerWidget, type WidgetComponent } from '../../../runtime/index';

const drawings = () => import('./drawings');

const Modeler = lazy(() => drawings().then((loaded) => loaded.modeler()));

const BpmnModeler: WidgetComponent & { fullRow?: boolean } = (props: WidgetProps) => (
  <Suspense fallback={<Spin />}>
    <Modeler {...props} />
  </Suspense>
);
// The drawing takes the whole width of the form.
BpmnModeler.fullRow = true;

registerWidget('bpmnModeler', BpmnModeler);
registerAction(
  'processDiagram',
  lazy(() => drawings().then((loaded) => loaded.diagram())),
);
