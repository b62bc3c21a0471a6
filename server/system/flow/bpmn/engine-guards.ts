// What the engine is built with: the second wall behind the deploy check (contents.ts), so a model that reached the
// database unchecked still runs no code. bpmn-engine would run a script task, or a flow's condition written
// `language="javascript"`, on its own `vm` handler, which is no sandbox. Here no script is ever registered or run, a
// flow's condition is read by the product's evaluator alone (expressions.ts), and the elements that run code or call
// out refuse to be built.
import * as Elements from 'bpmn-elements';
import { tagOf } from './contents.js';
import { conditionHolds, processExpressions } from './expressions.js';

/** Why the engine refused to run a model; run.ts answers it as the reason the process cannot run. */
export class RunRefusal extends Error {}

interface Built {
  id: string;
  type: string;
  behaviour?: {
    script?: unknown;
    scriptFormat?: unknown;
    resource?: unknown;
    conditionExpression?: { language?: string; body?: string };
  };
}

const labelOf = (element: Built) => `<${tagOf(element.type)} id="${element.id}">`;

/** The engine's script handler (bpmn-elements `scripts`): nothing is a script it may run. */
export const refusingScripts = {
  register(element: Built): undefined {
    const behaviour = element.behaviour ?? {};
    const script =
      element.type === 'bpmn:ScriptTask' ||
      behaviour.script !== undefined ||
      behaviour.scriptFormat !== undefined ||
      behaviour.resource !== undefined ||
      behaviour.conditionExpression?.language !== undefined;
    if (script) throw new RunRefusal(`${labelOf(element)}: 流程不能运行脚本`);
    return undefined;
  },
  getScript(_language: string, element: Built): never {
    throw new RunRefusal(`${labelOf(element)}: 流程不能运行脚本`);
  },
};

/** The engine's expression reader (bpmn-elements `expressions`): expressions.ts's, refusing the run on one it cannot read. */
export const guardedExpressions = {
  ...processExpressions,
  resolveExpression(...args: Parameters<typeof processExpressions.resolveExpression>) {
    try {
      return processExpressions.resolveExpression(...args);
    } catch (error) {
      throw new RunRefusal((error as Error).message);
    }
  },
};

interface Flow extends Built {
  environment: { variables: Record<string, unknown> };
}
type Decided = (error: Error | null, taken?: boolean) => void;
const EngineFlow = Elements.SequenceFlow as unknown as new (definition: unknown, context: unknown) => Flow;

/** A sequence flow whose condition is only ever `${...}` read by expressions.ts, never a script. */
class ProductSequenceFlow extends EngineFlow {
  getCondition() {
    const condition = this.behaviour?.conditionExpression;
    if (!condition) return null;
    const flow = this;
    return {
      type: 'expression',
      execute(_message: unknown, decided: Decided) {
        if (condition.language !== undefined) {
          return decided(new RunRefusal(`${labelOf(flow)}: 不能有 language 属性: 流程不运行脚本`));
        }
        let taken: boolean;
        try {
          taken = conditionHolds(String(condition.body ?? ''), flow.environment.variables);
        } catch (error) {
          return decided(new RunRefusal(`${labelOf(flow)} 条件不可用: ${(error as Error).message}`));
        }
        return decided(null, taken);
      },
    };
  }
}

/** An element the console never runs: building it refuses the run. */
const refused = (reason: string) =>
  function Refused(definition: Built) {
    throw new RunRefusal(`${labelOf(definition)}: ${reason}`);
  };

/** The engine's element types (bpmn-engine `elements`): the product's flow, and the ones that run code refused. */
export const guardedElements = {
  SequenceFlow: ProductSequenceFlow,
  ScriptTask: refused('流程不能运行脚本'),
  ServiceTask: refused('流程不能调用服务或其他程序'),
  SendTask: refused('流程不能调用服务或其他程序'),
  BusinessRuleTask: refused('流程不能调用服务或其他程序'),
  CallActivity: refused('流程不能调用服务或其他程序'),
  ConditionalEventDefinition: refused('流程不支持此元素'),
};
