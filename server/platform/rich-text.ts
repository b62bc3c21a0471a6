// Rich text as the server stores it: the console's allowlist (runtime/rich-text/allowlist.ts) applied by the same
// library, DOMPurify, on a jsdom window. jsdom takes most of a second to load, so it loads with the first rich text
// saved, not with every start; the one window it gives holds no data of any server, only the parser.
import { type RichText, richText } from '../../runtime/rich-text/allowlist.js';

let loading: Promise<{ purifier: RichText; document: Document }> | undefined;

const load = () =>
  import('jsdom').then(({ JSDOM }) => {
    const { window } = new JSDOM('');
    return { purifier: richText(window), document: window.document };
  });

export interface CleanRichText {
  /** What may be stored: the allowed markup of the value. */
  html: string;
  /** Nothing left to read: no text and no picture (a value that was only script, or only empty paragraphs). */
  blank: boolean;
}

/** `html` kept to the rich-text allowlist. */
export async function cleanRichText(html: string): Promise<CleanRichText> {
  loading ??= load();
  const { purifier, document } = await loading;
  const holder = document.createElement('div');
  holder.append(purifier.nodes(html));
  const blank = (holder.textContent ?? '').trim() === '' && !holder.querySelector('img');
  return { html: holder.innerHTML, blank };
}
