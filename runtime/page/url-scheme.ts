// The scheme of a link as a browser reads it. A browser drops tabs and line breaks anywhere in a URL and control
// characters and spaces around it, and reads its scheme in any case, so `java\tscript:`, `\x01javascript:` and
// `JaVaScRiPt:` all run a script: a scheme is judged only on the text with all of those taken out.

/** Spaces, line breaks, control and invisible format characters (zero-width ones included). */
const INVISIBLE = /[\p{C}\p{Z}\s]/gu;

/** The text with every invisible character taken out, lowercased. */
export const strippedText = (text: string): string => text.replace(INVISIBLE, '').toLowerCase();

/** The scheme the text starts with once stripped (`javascript` of `Java\tScript:alert(1)`), if it has one. */
export const schemeOf = (text: string): string | undefined => /^([a-z][a-z0-9+.-]*):/.exec(strippedText(text))?.[1];

/** Schemes that run code or carry a whole document instead of naming a place. */
export const CODE_SCHEMES: readonly string[] = ['javascript', 'vbscript', 'data'];

/** The schemes a link drawn by the console may have; a link with none is a path of the console's own site. */
const LINK_SCHEMES: readonly string[] = ['http', 'https'];

/** Whether the console may make a link of the text (a cell of a `link` column): http(s) or a path, never a script. */
export function isFollowableLink(text: string): boolean {
  const scheme = schemeOf(text);
  return scheme === undefined || LINK_SCHEMES.includes(scheme);
}
