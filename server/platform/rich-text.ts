// Rich text as the server stores it: the console's allowlist (runtime/rich-text/allowlist.ts) applied by sanitize-html.
// The console applies the same list with DOMPurify; DOMPurify on the server would need jsdom, whose fragment parser
// takes time growing with the square of the elements: 100 KB of unclosed <a> or nested <div> held a save for minutes,
// where sanitize-html's streaming parser takes well under a second.
import sanitizeHtml from 'sanitize-html';
import {
  allowedAttribute,
  DROPPED_WITH_CONTENT,
  ELEMENTS,
  LINK_REL,
  LINK_SCHEMES,
} from '../../runtime/rich-text/allowlist.js';

const options: sanitizeHtml.IOptions = {
  allowedTags: Object.keys(ELEMENTS),
  // `rel` is the server's own, set below on every link.
  allowedAttributes: { ...ELEMENTS, a: [...ELEMENTS.a, 'rel'] },
  // sanitize-html's own test of link schemes, beside allowedAttribute's stricter one per element.
  allowedSchemes: LINK_SCHEMES,
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: DROPPED_WITH_CONTENT,
  transformTags: {
    '*': (tagName, attribs) => {
      const kept = Object.fromEntries(
        Object.entries(attribs)
          .filter(([name, value]) => allowedAttribute(tagName, name, value))
          .map(([name, value]) => [name, value.trim()]),
      );
      if (tagName === 'a' && kept.href) kept.rel = LINK_REL;
      return { tagName, attribs: kept };
    },
  },
  // An image whose address was dropped would only show as a broken picture.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

const TEXT_ONLY: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {}, nonTextTags: [] };

export interface CleanRichText {
  /** What may be stored: the allowed markup of the value. */
  html: string;
  /** Nothing left to read: no text and no picture (a value that was only script, or only empty paragraphs). */
  blank: boolean;
}

/** `html` kept to the rich-text allowlist. */
export function cleanRichText(html: string): CleanRichText {
  const clean = sanitizeHtml(html, options);
  const text = sanitizeHtml(clean, TEXT_ONLY).replaceAll('&nbsp;', ' ');
  return { html: clean, blank: text.trim() === '' && !clean.includes('<img ') };
}
