// The request step of an action and the message that follows it.
import type { DataProvider } from '../data/provider';
import { computeValues } from '../logic/evaluate';
import type { Action, Row } from '../schema/types';
import { fillTemplate } from './context';

/** `/api/mp/wxaccount/qr/{{row.id}}`: a key in the path, as the spec's calls take it. */
const fillUrl = (url: string, data: Row): string =>
  url.replace(/\{\{\s*[\w.]+\s*\}\}/g, (part) => encodeURIComponent(fillTemplate(part, data)));

export interface Answer {
  msg: string;
  data: unknown;
}

export async function sendRequest(provider: DataProvider, action: Action, data: Row): Promise<Answer> {
  const spec = action.request;
  if (!spec) return { msg: '', data: undefined };
  const answer = await provider.send<Answer>({
    method: spec.method ?? 'POST',
    url: fillUrl(spec.url, data),
    params: computeValues(spec.query, data) as Record<string, string>,
    data: spec.body ? computeValues(spec.body, data) : undefined,
    envelope: true,
    acts: true,
  });
  return { msg: answer.msg, data: answer.data };
}
