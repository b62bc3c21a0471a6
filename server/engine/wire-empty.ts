// BladeX sends an empty number as -1 (contract §2) and its clients send it back unchanged. For an enumerated number
// field without -1 among its values (a sex, a platform), -1 means "empty" and is read as null before the body is
// validated, so saving an unchanged record never trips over its own empty fields. A bounded amount keeps its -1, which
// the bound refuses by name: there a -1 may be a typed value.
import type { preValidationHookHandler } from 'fastify';
import type { FieldSpec, Fields } from './types.js';

const WIRE_EMPTY = -1;

const meansEmpty = (spec: FieldSpec): boolean =>
  spec.type === 'integer' && !spec.required && spec.enum !== undefined && !spec.enum.includes(WIRE_EMPTY);

/** The preValidation hook of a write call over `fields`: -1 becomes null in the fields where it means empty. */
export function wireEmptyNumbers(fields: Fields): preValidationHookHandler {
  const names = Object.entries(fields)
    .filter(([, spec]) => meansEmpty(spec))
    .map(([name]) => name);
  return (request, _reply, next) => {
    const body = request.body as Record<string, unknown> | null;
    if (body && typeof body === 'object') {
      for (const name of names) if (body[name] === WIRE_EMPTY || body[name] === String(WIRE_EMPTY)) body[name] = null;
    }
    next();
  };
}
