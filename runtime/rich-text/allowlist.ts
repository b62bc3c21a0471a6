// What rich text may hold (notices, tips, answers, activity rules, official-account articles), in one place for the
// console's editor and for the server before it stores a value: DOMPurify with this allowlist, on the browser's window
// there and on a jsdom window on the server, so both keep exactly the same markup. Everything not listed goes:
// scripts, styles and classes, event handlers, forms, frames, objects, svg and math, and any link or image address
// outside the few below.
import DOMPurify, { type Config, type WindowLike } from 'dompurify';

/** The attributes each kept element may carry; an element not listed here is dropped (its text kept). */
const ELEMENTS: Record<string, string[]> = {
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

/** A link leads to a web page or writes a mail: an absolute http(s) or mailto address, nothing relative. */
const LINK = /^(?:https?:\/\/|mailto:)/i;

/**
 * An image comes from our own store only: the link `put-file` answers, `/api/blade-resource/oss/file/<name>` with the
 * random name it gives a picture. The link is the same whether the file sits on the disk or in the bucket (the file
 * route sends the browser on to the bucket), so a stored link never names a host, and an image of any other address
 * (a tracking pixel on another site) is dropped.
 */
export const OWN_IMAGE = /^\/api\/blade-resource\/oss\/file\/\d{8}-[0-9a-f]{32}\.(?:jpe?g|png|gif|webp|bmp)$/;

/** What links carry, so a page opened from one cannot reach back into the console or learn where it came from. */
export const LINK_REL = 'noopener noreferrer';

const config: Config = {
  ALLOWED_TAGS: Object.keys(ELEMENTS),
  ALLOWED_ATTR: [...new Set(Object.values(ELEMENTS).flat())],
  // DOMPurify's own test of every address, after it strips white space and control characters; the hook below is
  // stricter still, per element.
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/api\/blade-resource\/oss\/file\/)/i,
  // Attributes that are no address, which DOMPurify would otherwise test against the addresses above.
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

/** `value` as `element` may carry it under `attribute`, or false when it may not. */
function allowed(element: string, attribute: string, value: string): boolean {
  if (!ELEMENTS[element]?.includes(attribute)) return false;
  if (attribute === 'href') return LINK.test(value);
  if (attribute === 'src') return OWN_IMAGE.test(value);
  if (attribute === 'colspan' || attribute === 'rowspan') return /^[1-9]\d{0,2}$/.test(value);
  return true;
}

export interface RichText {
  /** The allowed part of `html`, as HTML to store or send. */
  clean(html: string): string;
  /** The allowed part of `html` as nodes of the window's document, to show without parsing it again. */
  nodes(html: string): DocumentFragment;
}

/** The allowlist applied by DOMPurify on `window` (the browser's, or a jsdom window on the server). */
export function richText(window: WindowLike): RichText {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    event.keepAttr = allowed(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    const name = element.nodeName.toLowerCase();
    if (name === 'a' && element.hasAttribute('href')) element.setAttribute('rel', LINK_REL);
    // An image whose address was dropped would only show as a broken picture.
    if (name === 'img' && !element.hasAttribute('src')) element.remove();
  });
  return {
    clean: (html) => purify.sanitize(html, config),
    nodes: (html) => purify.sanitize(html, { ...config, RETURN_DOM_FRAGMENT: true }),
  };
}
