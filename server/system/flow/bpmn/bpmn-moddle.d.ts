// bpmn-moddle ships no types; the console reads only the parsed definitions of a model.
declare module 'bpmn-moddle' {
  export default class BpmnModdle {
    fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }>;
  }
}
