// The studio's preview holds back every call that would change something: the person is told which call it would
// have been, in the studio's own words, and not that the network failed.
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError, guardCalls, HELD_CALL, request } from '../../runtime/client';
import { describeFailure } from '../../src/session/http-setup';

afterEach(() => guardCalls(undefined));

describe('a call held back by the preview', () => {
  it('is refused without being sent, with the notice as it is and not as a network failure', async () => {
    const sent: string[] = [];
    const fetched = globalThis.fetch;
    globalThis.fetch = async (input) => {
      sent.push(String(input));
      return new Response('{}');
    };
    try {
      guardCalls((options) =>
        options.method === 'POST' ? `预览中不调用服务: 此操作会调用 POST ${options.url}` : undefined,
      );
      const held = await request({ method: 'POST', url: '/api/blade-system/order/finish', quiet: true }).catch(
        (error: unknown) => error,
      );
      expect(held).toBeInstanceOf(ApiError);
      expect((held as ApiError).code).toBe(HELD_CALL);
      expect(sent).toEqual([]);
      const shown = describeFailure((held as ApiError).message, (held as ApiError).code);
      expect(shown).toBe('预览中不调用服务: 此操作会调用 POST /api/blade-system/order/finish');
    } finally {
      globalThis.fetch = fetched;
    }
  });
});
