// The platform's push to the server URL: its signatures and the safe mode's encryption (消息加解密). The URL's
// `signature` is SHA1 of the sorted Token, timestamp and nonce; in safe mode `msg_signature` also sorts in the
// <Encrypt> text, which is AES-256-CBC under Base64(EncodingAESKey + '='), the key's first 16 bytes as IV, padded
// PKCS#7 to 32 bytes, over 16 random bytes, the message's length (4 bytes, big-endian), the message and the AppID.
import crypto from 'node:crypto';

const BLOCK = 32;

export function pushSignature(...parts: string[]): string {
  return crypto
    .createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function sameSignature(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function keyOf(aesKey: string): Buffer {
  const key = Buffer.from(`${aesKey}=`, 'base64');
  if (aesKey.length !== 43 || key.length !== 32) throw new Error('EncodingAESKey must be 43 characters');
  return key;
}

export function encryptMessage(aesKey: string, appId: string, message: string): string {
  const key = keyOf(aesKey);
  const body = Buffer.from(message, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const plain = Buffer.concat([crypto.randomBytes(16), length, body, Buffer.from(appId)]);
  const pad = BLOCK - (plain.length % BLOCK);
  const cipher = crypto.createCipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
  return Buffer.concat([cipher.update(Buffer.concat([plain, Buffer.alloc(pad, pad)])), cipher.final()]).toString(
    'base64',
  );
}

/** The message inside, or null when it does not decrypt or was not sealed for this AppID. */
export function decryptMessage(aesKey: string, appId: string, encrypted: string): string | null {
  try {
    const key = keyOf(aesKey);
    const decipher = crypto.createDecipheriv('aes-256-cbc', key, key.subarray(0, 16)).setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1];
    if (pad < 1 || pad > BLOCK) return null;
    const plain = padded.subarray(0, padded.length - pad);
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return null;
    if (plain.subarray(20 + length).toString() !== appId) return null;
    return plain.subarray(20, 20 + length).toString('utf8');
  } catch {
    return null;
  }
}

/** The fields of the platform's flat XML (`<xml><ToUserName><![CDATA[…]]></ToUserName>…</xml>`). */
export function readXml(xml: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const found of xml.matchAll(/<(\w+)>(?:<!\[CDATA\[([\s\S]*?)\]\]>|([^<]*))<\/\1>/g)) {
    fields[found[1]] = found[2] ?? found[3] ?? '';
  }
  return fields;
}

const cdata = (text: string): string => `<![CDATA[${text.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;

/** Flat XML of fields: strings as CDATA, numbers bare; nested objects as elements. */
export function writeXml(fields: Record<string, unknown>, root = 'xml'): string {
  const inner = Object.entries(fields)
    .map(([name, value]) => {
      if (typeof value === 'number') return `<${name}>${value}</${name}>`;
      if (Array.isArray(value)) return `<${name}>${value.map((item) => writeXml(item, 'item')).join('')}</${name}>`;
      if (value && typeof value === 'object') return writeXml(value as Record<string, unknown>, name);
      return `<${name}>${cdata(String(value))}</${name}>`;
    })
    .join('');
  return `<${root}>${inner}</${root}>`;
}
