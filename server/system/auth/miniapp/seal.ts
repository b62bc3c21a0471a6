// A customer's session key at rest: AES-256-GCM under a key derived from the AppSecret, which lives in the
// environment, not the database, so a copy of the database alone does not hold a usable session key.
import crypto from 'node:crypto';

const keyOf = (appSecret: string) => crypto.createHash('sha256').update(`session-key:${appSecret}`).digest();

export function sealSessionKey(appSecret: string, sessionKey: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keyOf(appSecret), iv);
  const sealed = Buffer.concat([cipher.update(sessionKey, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
}

/** The session key, or null when it was sealed under another AppSecret (rotated since) or altered. */
export function openSessionKey(appSecret: string, sealedKey: string): string | null {
  const [iv, tag, sealed] = sealedKey.split('.').map((part) => Buffer.from(part, 'base64url'));
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', keyOf(appSecret), iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
