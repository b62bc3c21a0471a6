// What never reaches a log, in one list for both logs: the API log in the database (common.ts) and the process log
// on standard output (process-log.ts). A sign-in's query carries `password=<md5>`, which the server accepts as the
// password itself, so a URL is masked as carefully as a body.

/** Keys whose values never reach a log; a bare `code` is a sign-in code (SMS, WeChat), so it is masked too. */
export const SECRET_KEYS = /pass(word)?|secret|token|captcha-?code|authorization|^code$|session_?key|js_code/i;

export const MASKED = '******';

/** A JSON.stringify replacer that masks secret keys at any depth. */
export const maskSecrets = (key: string, value: unknown): unknown => (SECRET_KEYS.test(key) ? MASKED : value);

/** A URL with the values of its secret query parameters masked; the path and the other parameters as they came. */
export function maskUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const key = equals < 0 ? pair : pair.slice(0, equals);
      let name = key;
      try {
        name = decodeURIComponent(key.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is judged by its raw text.
      }
      return equals >= 0 && SECRET_KEYS.test(name) ? `${key}=${MASKED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}
