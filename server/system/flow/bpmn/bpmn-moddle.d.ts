// bpmn-moddle ships no types for its entry (10 has a named export); the console reads only the parsed definitions of a model.
declare module 'bpmn-moddle' {
  export class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
  }
}
