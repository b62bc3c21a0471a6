// The workflow area's drawings as registry entries (src/config/widgets.ts names them): the modeler as the widget of
// 模型管理's model field, the instance diagram as 流程跟踪's row action. Every screen loads this file, so it holds one
// import() only: the drawings (drawings.ts) and bpmn-js load with the first model or diagram opened.

import type { WidgetComponent } from '@ride-console/runtime/widgets';
import type { WidgetProps } from '@rjsf/utils';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';

const drawings = () => import('./drawings');

const Modeler = lazy(() => drawings().then((loaded) => loaded.modeler()));

export const BpmnModeler: WidgetComponent & { fullRow?: boolean } = (props: WidgetProps) => (
  <Suspense fallback={<Spin />}>
    <Modeler {...props} />
  </Suspense>
);
// The drawing takes the whole width of the form.
BpmnModeler.fullRow = true;

export const ProcessDiagram = lazy(() => drawings().then((loaded) => loaded.diagram()));
