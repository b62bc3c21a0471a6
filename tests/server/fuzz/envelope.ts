// What every answer of the fuzz suite must be: never a 500; a refusal inside the envelope (the token endpoints'
// flat OAuth shape there); a 400 with a message of ours, not the database's or the runtime's, that names the field
// when it is about a value.
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

const INTERNALS =
  /sqlite|constraint failed|syntax error|violates|relation "|column "|datatype mismatch|TypeError|Cannot read|of undefined|is not a function|call stack/i;

/** The rule phrases of a refusal about one value (validation.ts); the field's name stands before them. */
const ABOUT_A_VALUE =
  /不能为空|长度不能|必须是|格式不正确|超出允许范围|不能包含空字符|不是有效的日期|不能小于|不能大于|必须大于|必须小于|至少需要/;

export function expectAnswered(name: string, response: LightMyRequestResponse, refusesWithData = false): void {
  const where = `${name} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode < 500, where).toBe(true);
  if (response.statusCode < 400) return;
  const body = response.json() as Record<string, unknown>;
  if ('error_code' in body) {
    expect(body.error_code, where).toBe(response.statusCode);
    expect(typeof body.error_description, where).toBe('string');
    return;
  }
  expect(Object.keys(body).sort(), where).toEqual(['code', 'data', 'msg', 'success']);
  expect(body, where).toMatchObject({ code: response.statusCode, success: false });
  // A page the studio's checks refuse carries its problems, as those calls document; any other refusal, nothing.
  const problems = (body.data as { problems?: unknown } | null)?.problems;
  if (refusesWithData && response.statusCode === 400 && Array.isArray(problems)) {
    expect(Object.keys(body.data as object), where).toEqual(['problems']);
    for (const problem of problems)
      expect(problem, where).toMatchObject({ path: expect.any(String), zh: expect.any(String) });
  } else expect(body.data, where).toBeNull();
  expect(String(body.msg).length, where).toBeGreaterThan(0);
  if (response.statusCode !== 400) return;
  const msg = String(body.msg);
  expect(msg, where).not.toMatch(INTERNALS);
  const rule = ABOUT_A_VALUE.exec(msg);
  if (rule) expect(msg.slice(0, rule.index).trim(), `${where}: which field?`).not.toBe('');
}
