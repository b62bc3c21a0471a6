// A picture or a link a screen shows or a customer opens is an address, never free text: a path on this server (an
// upload's `/api/blade-resource/oss/…`, a mini-program page `/pages/…`) or an http(s) address (a cloud store's file,
// an article). Without the shape, the validator's coercion stored a JSON number (`1e+300`) as the picture, and any text
// a browser would read as another scheme could go in; with it, both are refused naming the field (图片格式不正确).
import type { FieldSpec } from './types.js';

/** One address: `/` and not `//` (another host), or http(s) with a host; no white space, quotes or angle brackets. */
const ADDRESS = String.raw`(?:/(?![/\\])|https?://[^\s/?#"'<>\\,]+)[^\s"'<>\\,]*`;

export const LINK_PATTERN = `^${ADDRESS}$`;
/** Several pictures, comma-separated (a fault report's photos). */
export const LINKS_PATTERN = `^${ADDRESS}(?:,${ADDRESS})*$`;

interface LinkOptions {
  /** The message when it is missing, as a required field's (请上传图片). */
  required?: string;
  maxLength?: number;
  /** A comma list of addresses. */
  list?: boolean;
}

/** A picture or link field: its address shape and a sane length (500, or 2000 for a list). */
export function linkField(label: string, en: string, options: LinkOptions = {}): FieldSpec {
  const { required, list = false, maxLength = list ? 2000 : 500 } = options;
  return {
    type: 'text',
    label,
    en,
    maxLength,
    pattern: list ? LINKS_PATTERN : LINK_PATTERN,
    ...(required ? { required } : {}),
  };
}
