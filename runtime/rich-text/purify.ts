// The rich-text allowlist (allowlist.ts) applied in the console by DOMPurify, to every value an editor shows, takes
// in by pasting, or sends.
import DOMPurify, { type Config, type WindowLike } from 'dompurify';
import { allowedAttribute, DROPPED_WITH_CONTENT, ELEMENTS, LINK_REL, OWN_FILES } from './allowlist';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const config: Config = {
  ALLOWED_TAGS: Object.keys(ELEMENTS),
  ALLOWED_ATTR: [...new Set(Object.values(ELEMENTS).flat())],
  // DOMPurify's own test of every address, after it strips white space and control characters; allowedAttribute is
  // stricter still, per element.
  ALLOWED_URI_REGEXP: new RegExp(`^(?:https?:|mailto:|${escaped(OWN_FILES)})`, 'i'),
  // Attributes that are no address, which DOMPurify would otherwise test against the addresses above.
  ADD_URI_SAFE_ATTR: ['colspan', 'rowspan'],
  ADD_FORBID_CONTENTS: DROPPED_WITH_CONTENT,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
};

export interface RichText {
  /** The allowed part of `html`, as HTML to send. */
  clean(html: string): string;
  /** The allowed part of `html` as nodes of the window's document, to show without parsing it again. */
  nodes(html: string): DocumentFragment;
}

/** The allowlist applied by DOMPurify on `window`. */
export function richText(window: WindowLike): RichText {
  const purify = DOMPurify(window);
  purify.addHook('uponSanitizeAttribute', (node, event) => {
    event.keepAttr = allowedAttribute(node.nodeName.toLowerCase(), event.attrName, event.attrValue);
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
