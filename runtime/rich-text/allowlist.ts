// What rich text may hold (notices, tips, answers, activity rules, official-account articles), in one place for the
// console and the server: the console applies it with DOMPurify (purify.ts) to every value it shows or sends, the
// server with sanitize-html (server/platform/rich-text.ts) before it stores one. Everything not listed goes:
// scripts, styles and classes, event handlers, forms, frames, objects, svg and math, and any link or image address
// outside the few below. tests/runtime/rich-text-allowlist.test.ts checks that both keep the same.

/** The attributes each kept element may carry; an element not listed here is dropped (its text kept). */
export const ELEMENTS: Record<string, string[]> = {
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  p: [],
  // The editor's own line and run wrappers (contentEditable writes them).
  div: [],
  span: [],
  br: [],
  b: [],
  strong: [],
  i: [],
  em: [],
  u: [],
  s: [],
  strike: [],
  del: [],
  ul: [],
  ol: [],
  li: [],
  blockquote: [],
  a: ['href', 'title'],
  table: [],
  caption: [],
  thead: [],
  tbody: [],
  tfoot: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
  img: ['src', 'alt'],
};

/** Dropped elements whose content goes with them: code, styles, hidden text, and whatever sits in a frame or drawing. */
export const DROPPED_WITH_CONTENT = [
  'script',
  'style',
  'template',
  'title',
  'textarea',
  'select',
  'option',
  'iframe',
  'frame',
  'frameset',
  'object',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'svg',
  'math',
  'audio',
  'video',
  'head',
];

/** The schemes a link may name. */
export const LINK_SCHEMES = ['http', 'https', 'mailto'];

/** A link leads to a web page or writes a mail: an absolute http(s) or mailto address, nothing relative. */
const LINK = /^(?:https?:\/\/|mailto:)/i;

/** Where our own files are served (`put-file` answers links under it). */
export const OWN_FILES = '/api/blade-resource/oss/file/';

/**
 * An image comes from our own store only: the link `put-file` answers, `/api/blade-resource/oss/file/<name>` with the
 * random name it gives a picture. The link is the same whether the file sits on the disk or in the bucket (the file
 * route sends the browser on to the bucket), so a stored link never names a host, and an image of any other address
 * (a tracking pixel on another site, or our own path behind a host name) is dropped.
 */
const OWN_IMAGE = /^\/api\/blade-resource\/oss\/file\/\d{8}-[0-9a-f]{32}\.(?:jpe?g|png|gif|webp|bmp)$/;

/** What a link carries, so a page opened from one cannot reach back into the console or learn where it came from. */
export const LINK_REL = 'noopener noreferrer';

/** Whether `element` may carry `attribute` with this value (entities already decoded, as a parser hands it over). */
export function allowedAttribute(element: string, attribute: string, value: string): boolean {
  if (!ELEMENTS[element]?.includes(attribute)) return false;
  const trimmed = value.trim();
  if (attribute === 'href') return LINK.test(trimmed);
  if (attribute === 'src') return OWN_IMAGE.test(trimmed);
  if (attribute === 'colspan' || attribute === 'rowspan') return /^[1-9]\d{0,2}$/.test(trimmed);
  return true;
}
