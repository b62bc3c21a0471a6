// The request client takes the answer of a call the page sent before the console's code loaded (send-ahead.ts)
// instead of asking again: each answer once, only for the token it was sent with, and only within half a minute of
// its sending, so a screen opened later never shows rows older than its opening. A call left untaken (a published
// definition whose list asks differently) is not used.

const FRESH_MS = 30_000;

/** The same call whatever the order of its parameters. */
function callOf(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams}`;
}

export function takeSentAhead(url: string, token: string | undefined): Promise<Response> | undefined {
  const sent = window.rideSentAhead;
  if (!sent?.length || !token) return undefined;
  const wanted = callOf(url);
  const now = performance.now();
  const index = sent.findIndex(
    (call) => call.token === token && now - call.at < FRESH_MS && callOf(call.url) === wanted,
  );
  return index < 0 ? undefined : sent.splice(index, 1)[0].answer;
}
