// The expressions a process model may hold, as Flowable writes them: `${taskUser}` reads a variable, `${days > 3}`
// or `${amount >= 500000 && kind == 3}` compares variables with numbers, quoted text, true, false or null. Nothing
// else is evaluated: a model is data an operator draws, so it never runs code on the server.

type Variables = Record<string, unknown>;

const NAME = /^[A-Za-z_][\w.]*$/;
/**
 * Names that would reach JavaScript's own objects rather than a process variable: the host's globals and what every
 * object inherits (`constructor`, `__proto__`, `toString`...). An expression naming one is refused, and reading a
 * variable only ever takes the variables' own values, so nothing but the variables is reached either way.
 */
const HOST_NAMES = new Set(['process', 'global', 'globalThis', 'require', 'module', 'exports', 'this', 'prototype']);
const reachesHost = (key: string) => HOST_NAMES.has(key) || key in Object.prototype;

/** A variable's value by its dotted path: own values of plain data only. */
function variableValue(path: string, variables: Variables): unknown {
  let value: unknown = variables;
  for (const key of path.split('.')) {
    if (reachesHost(key)) throw new Error(`表达式不能读取 ${key}: ${path}`);
    value =
      value !== null && typeof value === 'object' && Object.hasOwn(value, key) ? (value as Variables)[key] : undefined;
  }
  return value;
}
const COMPARISON = /^(.+?)\s*(==|!=|>=|<=|>|<)\s*(.+)$/;

/** A literal or a variable's value. */
function termValue(text: string, variables: Variables): unknown {
  const term = text.trim();
  if (term === 'true') return true;
  if (term === 'false') return false;
  if (term === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(term)) return Number(term);
  const quoted = /^'([^']*)'$|^"([^"]*)"$/.exec(term);
  if (quoted) return quoted[1] ?? quoted[2];
  if (!NAME.test(term) || term.split('.').includes('')) throw new Error(`不支持的表达式: ${term}`);
  return variableValue(term, variables);
}

function compare(left: unknown, operator: string, right: unknown): boolean {
  // Form values may arrive as text: compare them as numbers when both read as numbers.
  const [a, b] =
    left !== null && right !== null && left !== '' && !Number.isNaN(Number(left)) && !Number.isNaN(Number(right))
      ? [Number(left), Number(right)]
      : [left, right];
  if (operator === '==') return a === b || (a == null && b == null);
  if (operator === '!=') return !(a === b || (a == null && b == null));
  if (typeof a !== typeof b || a === null || b === null) return false;
  if (operator === '>') return (a as number) > (b as number);
  if (operator === '>=') return (a as number) >= (b as number);
  if (operator === '<') return (a as number) < (b as number);
  return (a as number) <= (b as number);
}

/** Every term is read, none skipped by `&&` or `||`: a check on no variables reads the whole expression. */
function condition(text: string, variables: Variables): boolean {
  const alternatives = text.split('||').map((any) =>
    any.split('&&').map((term) => {
      const negated = /^\s*!\s*/.exec(term);
      const body = negated ? term.slice(negated[0].length) : term;
      const comparison = COMPARISON.exec(body.trim());
      const result = comparison
        ? compare(termValue(comparison[1], variables), comparison[2], termValue(comparison[3], variables))
        : Boolean(termValue(body, variables));
      return negated ? !result : result;
    }),
  );
  return alternatives.some((terms) => terms.every(Boolean));
}

/** The value of one `${...}`: a variable or literal as it is, anything else as a condition. */
export function evaluate(inner: string, variables: Variables): unknown {
  const text = inner.trim();
  if (!/[=<>!&|]/.test(text)) return termValue(text, variables);
  return condition(text, variables);
}

const WHOLE = /^\$\{(.+)\}$/s;

/** Checks an expression the way the engine reads it; answers why it cannot be read, or null. */
export function expressionProblem(text: string): string | null {
  const whole = WHOLE.exec(text.trim());
  if (!whole) return `表达式须写作 \${...}: ${text}`;
  try {
    evaluate(whole[1], {});
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** A sequence flow's condition, as the engine decides a flow: only ever `${...}` read by this evaluator. */
export function conditionHolds(text: string, variables: Variables): boolean {
  const problem = expressionProblem(text);
  if (problem) throw new Error(problem);
  return Boolean(evaluate((WHOLE.exec(text.trim()) as RegExpExecArray)[1], variables));
}

/** The engine's expression reader (bpmn-elements `expressions`), on the variables of the running instance. */
export const processExpressions = {
  resolveExpression(text: string, context: { environment?: { variables?: Variables } } = {}) {
    const whole = WHOLE.exec(String(text).trim());
    if (!whole) return text;
    return evaluate(whole[1], context.environment?.variables ?? {});
  },
  isExpression: (text: unknown) => typeof text === 'string' && WHOLE.test(text.trim()),
  hasExpression: (text: unknown) => typeof text === 'string' && text.includes('${'),
};
