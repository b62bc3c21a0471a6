// The request step of an action and the message that follows it.
import { type Envelope, request } from '../http/client';
import { computeValues } from '../logic/evaluate';
import type { Action, Row } from '../schema/types';

export interface Answer {
  msg: string;
  data: unknown;
}

export async function sendRequest(action: Action, data: Row): Promise<Answer> {
  const spec = action.request;
  if (!spec) return { msg: '', data: undefined };
  const answer = await request<Envelope<unknown>>({
    method: spec.method ?? 'POST',
    url: spec.url,
    params: computeValues(spec.query, data) as Record<string, string>,
    data: spec.body ? computeValues(spec.body, data) : undefined,
    envelope: true,
  });
  return { msg: answer.msg, data: answer.data };
}
