// Runs in the page before the console's code (scripts/calls-ahead.ts serves it with its table), for a signed-in
// console opened or reloaded on an address: sends the calls the console makes first, so they travel while its code
// loads. These are the menu, and on a definition screen its published-definition check and its list's first page. The
// console's request client takes their answers instead of asking again (take-ahead.ts), and the server checks them as
// any other call. It is compiled on its own with load-ahead.ts and stored.ts (scripts/calls-ahead.ts) and must stay
// small.
import { readJson, stored } from './stored';
import type { AheadTable, SentCall } from './table';

export function sendAhead(table: AheadTable): void {
  const ahead = callsAhead(table);
  if (!ahead) return;
  const sent: SentCall[] = [];
  window.rideSentAhead = sent;
  for (const url of ahead.urls) {
    const answer = fetch(url, {
      headers: ahead.headers,
      credentials: 'include',
      signal: AbortSignal.timeout(table.timeoutMs),
    });
    // A failure is the console's to report, when it takes the answer; one left untaken is no one's concern.
    answer.catch(() => {});
    sent.push({ url, token: ahead.token, at: performance.now(), answer });
  }
}

/** The calls the console will make first on this address, with the headers it sends; none signed out or locked. */
export function callsAhead(
  table: AheadTable,
): { token: string; headers: Record<string, string>; urls: string[] } | undefined {
  const token = stored(localStorage, `${table.prefix}-token`);
  // Signed out or locked, the console shows the sign-in or lock page, which make none of these calls.
  if (typeof token !== 'string' || token === '' || stored(sessionStorage, `${table.prefix}-is-lock`) === true) return;
  const headers = {
    Authorization: table.authorization,
    'Accept-Language': stored(localStorage, `${table.prefix}-language`) === 'en' ? 'en' : 'zh-CN',
    'Blade-Auth': `bearer ${token}`,
  };
  const urls = [...table.menu];
  // A top-level page's address ends in /index, as the menu makes it.
  const path = window.location.pathname;
  const screen = table.screens[path] ?? table.screens[path.replace(/\/index$/, '')];
  if (!screen) return { token, headers, urls };
  urls.push(`${table.published}?${new URLSearchParams({ pageId: screen.page })}`);
  // A list opened searched from its address is the console's to ask for: its search fields say how to read it.
  if (window.location.search) return { token, headers, urls };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(screen.filters)) {
    if (value !== undefined && value !== null && value !== '') query.append(name, String(value));
  }
  if (screen.paged) {
    const account = (stored(localStorage, `${table.prefix}-user-info`) as { account?: string } | undefined)?.account;
    const chosen = readJson(localStorage, `${table.viewSettings}:${account ?? 'anonymous'}:${screen.page}`);
    const size = (chosen as { pageSize?: unknown } | undefined)?.pageSize;
    query.append('current', '1');
    query.append('size', String(typeof size === 'number' ? size : table.pageSize));
  }
  const text = query.toString();
  urls.push(text ? `${screen.url}?${text}` : screen.url);
  return { token, headers, urls };
}
