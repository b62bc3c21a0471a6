// A deployed model drawn read-only (bpmn-js's NavigatedViewer: drag to move, wheel to zoom), with the elements an
// instance went through and the steps it waits on marked. Loaded with the dialogs that show it.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import './diagram.css';
import { Alert, theme } from 'antd';
import NavigatedViewer from 'bpmn-js/lib/NavigatedViewer';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type ElementRegistry from 'diagram-js/lib/core/ElementRegistry';
import { useEffect, useRef, useState } from 'react';
import { rendererColours } from './diagram-look';
import { moddleExtensions } from './moddle-extensions';
import { useFlowText } from './texts';

export interface ProcessDiagramProps {
  xml: string;
  /** The elements the instance went through. */
  passed?: string[];
  /** The steps it waits on. */
  current?: string[];
  height?: number;
}

interface Connection {
  id: string;
  type: string;
  source?: { id: string };
  target?: { id: string };
}

/** A flow was taken when both its ends were reached: its source passed, its target passed or waiting. */
function takenFlows(registry: ElementRegistry, passed: Set<string>, reached: Set<string>): string[] {
  return (registry.getAll() as unknown as Connection[])
    .filter(({ type, source, target }) => type === 'bpmn:SequenceFlow' && source && target)
    .filter(({ source, target }) => passed.has(source?.id ?? '') && reached.has(target?.id ?? ''))
    .map((flow) => flow.id);
}

export function ProcessDiagram({ xml, passed = [], current = [], height = 480 }: ProcessDiagramProps) {
  const host = useRef<HTMLDivElement>(null);
  const { token } = theme.useToken();
  const text = useFlowText();
  const [failed, setFailed] = useState(false);
  const marks = `${passed.join(',')}|${current.join(',')}`;
  const { colorBgContainer, colorText } = token;

  useEffect(() => {
    if (!host.current) return;
    const viewer = new NavigatedViewer({
      container: host.current,
      moddleExtensions,
      bpmnRenderer: rendererColours({ colorBgContainer, colorText }),
    });
    let live = true;
    viewer.importXML(xml).then(
      () => {
        if (!live) return;
        const canvas = viewer.get<Canvas>('canvas');
        const registry = viewer.get<ElementRegistry>('elementRegistry');
        const [went, waiting] = marks.split('|').map((ids) => new Set(ids.split(',').filter(Boolean)));
        const known = (id: string) => Boolean(registry.get(id));
        for (const id of [...went].filter(known)) canvas.addMarker(id, 'flow-passed');
        for (const id of takenFlows(registry, went, new Set([...went, ...waiting])))
          canvas.addMarker(id, 'flow-passed');
        for (const id of [...waiting].filter(known)) canvas.addMarker(id, 'flow-current');
        canvas.zoom('fit-viewport');
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      viewer.destroy();
    };
  }, [xml, marks, colorBgContainer, colorText]);

  return (
    <>
      {failed && <Alert type="error" showIcon title={text('loadFailed')} />}
      <div ref={host} className="flow-diagram" style={{ height }} data-testid="process-diagram" />
    </>
  );
}
