// The expressions a process model may hold, as Flowable writes them: `${taskUser}` reads a variable, `${days > 3}`
// or `${amount >= 500000 && kind == 3}` compares variables with numbers, quoted text, true, false or null. Nothing
// else is evaluated: a model is data an operator draws, so it never runs code on the server.

type Variables = Record<string, unknown>;

const NAME = /^[A-Za-z_][\w.]*$/;
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
  if (!NAME.test(term)) throw new Error(`不支持的表达式: ${term}`);
  return term.split('.').reduce<unknown>((value, key) => (value as Variables | undefined)?.[key], variables);
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

function condition(text: string, variables: Variables): boolean {
  return text.split('||').some((any) =>
    any.split('&&').every((term) => {
      const negated = /^\s*!\s*/.exec(term);
      const body = negated ? term.slice(negated[0].length) : term;
      const comparison = COMPARISON.exec(body.trim());
      const result = comparison
        ? compare(termValue(comparison[1], variables), comparison[2], termValue(comparison[3], variables))
        : Boolean(termValue(body, variables));
      return negated ? !result : result;
    }),
  );
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
