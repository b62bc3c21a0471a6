// 模型管理's form field `xml` drawn as a diagram (bpmn-js's Modeler): the palette and the element's menu draw the
// process, the panel beside it sets what the engine reads of the selected element, and below it the checks a deploy
// would refuse the drawing for, asked of the server (`model/check`) a moment after each change. The field's value is
// the drawing's BPMN 2.0 XML, which the form saves as it saves any field. Loaded only by the form that shows it.
import 'bpmn-js/dist/assets/diagram-js.css';
import 'bpmn-js/dist/assets/bpmn-js.css';
import 'bpmn-js/dist/assets/bpmn-font/css/bpmn.css';
import './diagram.css';
import { api } from '@ride-console/runtime';
import type { WidgetProps } from '@rjsf/utils';
import { Alert, Button, List, Spin, theme } from 'antd';
import type BpmnFactory from 'bpmn-js/lib/features/modeling/BpmnFactory';
import type Modeling from 'bpmn-js/lib/features/modeling/Modeling';
import Modeler from 'bpmn-js/lib/Modeler';
import type { Element } from 'bpmn-js/lib/model/Types';
import type Canvas from 'diagram-js/lib/core/Canvas';
import type EventBus from 'diagram-js/lib/core/EventBus';
import { useEffect, useRef, useState } from 'react';
import { diagramColours, rendererColours } from './diagram-look';
import { ElementPanel } from './ElementPanel';
import { moddleExtensions } from './moddle-extensions';
import { newModelXml } from './new-model';
import { ProcessDiagram } from './ProcessDiagram';
import { useFlowText } from './texts';
import { userTaskModule } from './user-tasks';

/** How long the drawing rests before its XML reaches the form and its checks are asked for. */
const SETTLE_MS = 300;

interface Checks {
  problems?: string[];
  refusal?: string;
}

function useChecks(xml: string | undefined): Checks | undefined {
  const [checks, setChecks] = useState<Checks>();
  useEffect(() => {
    if (!xml) return;
    let live = true;
    const timer = setTimeout(() => {
      api.post('/api/blade-flow/model/check', { xml }, { quiet: true }).then(
        (answer) => live && setChecks({ problems: answer.problems }),
        (error: Error) => live && setChecks({ refusal: error.message }),
      );
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [xml]);
  return checks;
}

export default function BpmnModelerWidget(props: WidgetProps) {
  const { token } = theme.useToken();
  if (props.readonly || props.disabled)
    return (
      <div style={diagramColours(token)}>
        <ProcessDiagram xml={props.value ?? ''} />
      </div>
    );
  return <ModelerField {...props} />;
}

function ModelerField(props: WidgetProps) {
  const text = useFlowText();
  const { token } = theme.useToken();
  const host = useRef<HTMLDivElement>(null);
  const file = useRef<HTMLInputElement>(null);
  const modeler = useRef<Modeler>(undefined);
  /** The XML last handed to the form: a value equal to it is the drawing's own and is not imported again. */
  const emitted = useRef<string>(undefined);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;
  const [selected, setSelected] = useState<Element>();
  // Each command draws the panels again from the diagram.
  const [, setRevision] = useState(0);
  const [importError, setImportError] = useState(false);
  const checks = useChecks(props.value);

  // One modeler for the field's life; it hands its XML to the form once the drawing rests.
  useEffect(() => {
    const container = host.current;
    if (!container) return;
    const drawing = new Modeler({
      container,
      moddleExtensions,
      additionalModules: [userTaskModule],
      bpmnRenderer: rendererColours(token),
    });
    modeler.current = drawing;
    // Escape in the drawing cancels a label being typed; it must not close the whole dialog.
    const keepEscape = (event: KeyboardEvent) => event.key === 'Escape' && event.stopPropagation();
    container.addEventListener('keydown', keepEscape);
    const events = drawing.get<EventBus>('eventBus');
    let timer: ReturnType<typeof setTimeout> | undefined;
    const emit = () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const { xml } = await drawing.saveXML({ format: true });
        emitted.current = xml;
        onChange.current(xml);
      }, SETTLE_MS);
    };
    events.on('selection.changed', (event: { newSelection: Element[] }) =>
      setSelected(event.newSelection.length === 1 ? event.newSelection[0] : undefined),
    );
    events.on('commandStack.changed', () => {
      setRevision((value) => value + 1);
      emit();
    });
    events.on('import.done', () => {
      setSelected(undefined);
      setRevision((value) => value + 1);
    });
    return () => {
      clearTimeout(timer);
      container.removeEventListener('keydown', keepEscape);
      drawing.destroy();
      modeler.current = undefined;
    };
  }, []);

  // A value the drawing did not make (a saved model opened, a new one started) is imported.
  useEffect(() => {
    const drawing = modeler.current;
    if (!drawing || (props.value && props.value === emitted.current)) return;
    const xml = props.value || newModelXml();
    drawing.importXML(xml).then(
      () => {
        setImportError(false);
        drawing.get<Canvas>('canvas').zoom('fit-viewport');
        if (!props.value) {
          emitted.current = xml;
          onChange.current(xml);
        }
      },
      () => setImportError(true),
    );
  }, [props.value]);

  const openFile = async (chosen: File | undefined) => {
    const drawing = modeler.current;
    if (!chosen || !drawing) return;
    try {
      await drawing.importXML(await chosen.text());
      setImportError(false);
      drawing.get<Canvas>('canvas').zoom('fit-viewport');
      const { xml } = await drawing.saveXML({ format: true });
      emitted.current = xml;
      onChange.current(xml);
    } catch {
      setImportError(true);
    }
  };

  const drawing = modeler.current;
  const root = drawing?.get<Canvas>('canvas').getRootElement() as Element | undefined;
  const panel = (element: Element | undefined, key: string) =>
    drawing &&
    element?.businessObject && (
      <ElementPanel
        key={key}
        element={element}
        modeling={drawing.get<Modeling>('modeling')}
        bpmnFactory={drawing.get<BpmnFactory>('bpmnFactory')}
      />
    );
  return (
    // Esc belongs to the drawing (it ends a label's editing, a tool, a menu) and its panel: it never reaches the
    // dialog, which would close and take an unsaved drawing with it.
    <section
      aria-label={text('drawing')}
      className="flow-modeler"
      style={diagramColours(token)}
      onKeyDown={(event) => event.key === 'Escape' && event.stopPropagation()}
    >
      <div id={props.id} ref={host} className="flow-diagram" style={{ height: 520 }} tabIndex={-1} />
      <div className="flow-modeler-side" style={{ maxHeight: 520 }}>
        <Button size="small" onClick={() => file.current?.click()} style={{ marginBottom: 12 }}>
          {text('importFile')}
        </Button>
        <input
          ref={file}
          type="file"
          accept=".bpmn,.xml"
          hidden
          aria-label={text('importFile')}
          onChange={(event) => {
            void openFile(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        {importError && <Alert type="error" showIcon title={text('importFailed')} style={{ marginBottom: 12 }} />}
        {panel(root, 'process')}
        {selected && selected !== root && panel(selected, selected.id)}
        <Problems checks={checks} />
      </div>
    </section>
  );
}

function Problems({ checks }: { checks: Checks | undefined }) {
  const text = useFlowText();
  const problems = checks?.refusal ? [checks.refusal] : checks?.problems;
  return (
    <section aria-label={text('problems')} data-testid="model-problems">
      <h5 style={{ margin: '12px 0 4px' }}>{text('problems')}</h5>
      {!problems ? (
        <Spin size="small" />
      ) : problems.length === 0 ? (
        <Alert type="success" showIcon title={text('noProblems')} />
      ) : (
        <List size="small" dataSource={problems} renderItem={(problem) => <List.Item>{problem}</List.Item>} />
      )}
    </section>
  );
}
