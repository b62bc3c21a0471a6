// Password storage: the client sends md5(plain) as hex; we keep a memory-hard scrypt hash of that md5.
// Legacy BladeX rows hold sha1_hex(md5_hex(plain)) (40 hex chars); they still verify and are re-hashed on sign-in.
import crypto from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
// scrypt needs 128·N·r bytes; leave headroom over Node's 32 MiB default.
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(secret: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    crypto.scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: MAX_MEMORY }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (salt and hash in base64) of the md5 hex the client sent. */
export async function hashPassword(md5hex: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  const key = await scrypt(md5hex.toLowerCase(), salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export const isLegacyHash = (stored: string): boolean => /^[0-9a-f]{40}$/i.test(stored);

/** True when `md5hex` matches the stored hash, in either the scrypt or the legacy sha1(md5) form. */
export async function verifyPassword(md5hex: string, stored: string): Promise<boolean> {
  const secret = md5hex.toLowerCase();
  if (isLegacyHash(stored)) {
    const sha1 = crypto.createHash('sha1').update(secret).digest();
    return crypto.timingSafeEqual(sha1, Buffer.from(stored.toLowerCase(), 'hex'));
  }
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, n, r, p, salt, hash] = parts;
  const expected = Buffer.from(hash, 'base64');
  const key = await scrypt(secret, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return key.length === expected.length && crypto.timingSafeEqual(key, expected);
}

/** A stored hash that should be replaced by a fresh scrypt one after the next successful sign-in. */
export const needsRehash = (stored: string): boolean => !stored.startsWith(`scrypt$${N}$${R}$${P}$`);

/** The md5 hex of a plain password, as the console sends it. */
export const md5Hex = (plain: string): string => crypto.createHash('md5').update(plain).digest('hex');
