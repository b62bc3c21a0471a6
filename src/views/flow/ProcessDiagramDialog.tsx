// 流程跟踪 → 流程图: the instance's version drawn with the path it took and the steps it waits on
// (`process/diagram-view`). Loaded when first opened.

import { type ActionProps, api } from '@ride-console/runtime';
import type { Schema } from '@ride-console/runtime/shell';
import { Button, Modal, Space, Spin, theme } from 'antd';
import { useEffect, useState } from 'react';
import { diagramColours } from './diagram-look';
import { ProcessDiagram } from './ProcessDiagram';
import { useFlowText } from './texts';

type DiagramView = Schema<'ProcessDiagram'>;

export default function ProcessDiagramDialog({ row, onClose }: ActionProps) {
  const text = useFlowText();
  const { token } = theme.useToken();
  const [view, setView] = useState<DiagramView>();
  const [error, setError] = useState<string>();
  const instance = String(row?.processInstanceId ?? '');

  useEffect(() => {
    let live = true;
    const url = '/api/blade-flow/process/diagram-view';
    api.get(url, { processInstanceId: instance }, { quiet: true }).then(
      (answer) => live && setView(answer),
      (failure: Error) => live && setError(failure.message),
    );
    return () => {
      live = false;
    };
  }, [instance]);

  return (
    <Modal
      open
      title={`${text('diagram')} - ${String(row?.title ?? '')}`}
      width={1000}
      onCancel={() => onClose(false)}
      footer={<Button onClick={() => onClose(false)}>{text('close')}</Button>}
      destroyOnHidden
    >
      <div style={diagramColours(token)}>
        <Space style={{ marginBottom: 8 }} size="large">
          <span>
            <span className="flow-legend" />
            {text('passed')}
          </span>
          <span>
            <span className="flow-legend flow-legend-current" />
            {text('current')}
          </span>
          {view && <span>{view.processDefinitionId}</span>}
        </Space>
        {error ?? (view ? <ProcessDiagram xml={view.xml} passed={view.passed} current={view.current} /> : <Spin />)}
      </div>
    </Modal>
  );
}
