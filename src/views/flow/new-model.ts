// What 新增 starts from: a process with its start event, under a key of its own that the drawer renames.
export function newModelXml(): string {
  const key = `process_${Math.random().toString(36).slice(2, 8)}`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL"
  xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI"
  xmlns:dc="http://www.omg.org/spec/DD/20100524/DC"
  xmlns:di="http://www.omg.org/spec/DD/20100524/DI"
  xmlns:flowable="http://flowable.org/bpmn"
  xmlns:ride="http://ride-console/bpmn"
  targetNamespace="http://ride-console/processes">
  <process id="${key}" isExecutable="true">
    <startEvent id="start" name="发起申请" ride:en="Request" flowable:formKey="work/start" />
  </process>
  <bpmndi:BPMNDiagram id="${key}_diagram">
    <bpmndi:BPMNPlane id="${key}_plane" bpmnElement="${key}">
      <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="152" y="142" width="36" height="36" /></bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</definitions>`;
}
