// The properties the engine reads of the selected element (of the process when none is selected): names, the
// process's type (a key of the `flow` dictionary, shown as 流程类型 in the task lists), a user task's form and
// assignee rules, a gateway exit's condition. Each change is a command of the modeler, so undo and
// redo take it back; the modeler draws the panel again after every command, from the diagram.

import { useDictionary } from '@ride-console/runtime';
import { Checkbox, Form, Input, Select, Typography } from 'antd';
import type BpmnFactory from 'bpmn-js/lib/features/modeling/BpmnFactory';
import type Modeling from 'bpmn-js/lib/features/modeling/Modeling';
import type { Element } from 'bpmn-js/lib/model/Types';
import { useState } from 'react';
import { type FlowText, useFlowText } from './texts';

const KEY = /^[A-Za-z][\w-]{0,49}$/;

export interface ElementPanelProps {
  element: Element;
  modeling: Modeling;
  bpmnFactory: BpmnFactory;
}

export function ElementPanel({ element, modeling, bpmnFactory }: ElementPanelProps) {
  const text = useFlowText();
  const object = element.businessObject;
  const type: string = object.$type;
  const set = (properties: Record<string, unknown>) => modeling.updateProperties(element, properties);
  const field = (label: FlowText, property: string, hint?: FlowText) => (
    <Form.Item label={text(label)} key={property}>
      <Input
        aria-label={text(label)}
        value={String(object.get(property) ?? '')}
        placeholder={hint && text(hint)}
        onChange={(event) => set({ [property]: event.target.value || undefined })}
      />
    </Form.Item>
  );

  const isProcess = type === 'bpmn:Process';
  const gateway = type === 'bpmn:SequenceFlow' ? object.sourceRef : undefined;
  const fromExclusive = gateway?.$type === 'bpmn:ExclusiveGateway';
  const title = isProcess ? text('process') : `${text('selected')}: ${object.id}`;
  return (
    <Form layout="vertical" size="small" aria-label={title}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {isProcess && <ProcessKey element={element} modeling={modeling} />}
      {field(isProcess ? 'processName' : 'name', 'name')}
      {field('englishName', 'ride:en')}
      {isProcess && <ProcessCategory element={element} modeling={modeling} />}
      {(type === 'bpmn:UserTask' || type === 'bpmn:StartEvent') && field('formKey', 'flowable:formKey', 'formKeyHint')}
      {type === 'bpmn:UserTask' && field('assignee', 'flowable:assignee', 'assigneeHint')}
      {type === 'bpmn:UserTask' && field('candidateGroups', 'flowable:candidateGroups', 'candidateGroupsHint')}
      {fromExclusive && (
        <>
          <Form.Item label={text('condition')}>
            <Input
              aria-label={text('condition')}
              value={object.conditionExpression?.body ?? ''}
              placeholder={text('conditionHint')}
              onChange={(event) =>
                set({
                  conditionExpression: event.target.value
                    ? bpmnFactory.create('bpmn:FormalExpression', { body: event.target.value })
                    : undefined,
                })
              }
            />
          </Form.Item>
          <Checkbox
            checked={gateway.default === object}
            onChange={(event) => {
              const shape = element as Element & { source: Element };
              modeling.updateProperties(shape.source, { default: event.target.checked ? object : undefined });
            }}
          >
            {text('defaultFlow')}
          </Checkbox>
        </>
      )}
    </Form>
  );
}

/** The process's key is its id: only a valid one reaches the diagram, the field keeps what is being typed. */
function ProcessKey({ element, modeling }: Pick<ElementPanelProps, 'element' | 'modeling'>) {
  const text = useFlowText();
  const [typed, setTyped] = useState<string>(element.businessObject.id);
  const valid = KEY.test(typed);
  return (
    <Form.Item
      label={text('processKey')}
      validateStatus={valid ? undefined : 'error'}
      help={valid ? undefined : text('processKeyRule')}
    >
      <Input
        aria-label={text('processKey')}
        value={typed}
        onChange={(event) => {
          setTyped(event.target.value);
          if (KEY.test(event.target.value)) modeling.updateProperties(element, { id: event.target.value });
        }}
      />
    </Form.Item>
  );
}

/** The process's type, one of the `flow` dictionary's: the task lists show it as 流程类型. */
function ProcessCategory({ element, modeling }: Pick<ElementPanelProps, 'element' | 'modeling'>) {
  const text = useFlowText();
  const items = useDictionary('flow');
  const value = element.businessObject.get('ride:category') || undefined;
  return (
    <Form.Item label={text('category')}>
      <Select
        aria-label={text('category')}
        allowClear
        loading={!items}
        value={value}
        placeholder={text('categoryHint')}
        options={(items ?? []).map((item) => ({ value: item.dictKey, label: item.dictValue }))}
        onChange={(chosen?: string) => modeling.updateProperties(element, { 'ride:category': chosen || undefined })}
      />
    </Form.Item>
  );
}
