// HS256 JSON Web Tokens with node:crypto: the signature and expiry are checked here, revocation by the session row.
import crypto from 'node:crypto';

export interface TokenClaims {
  /** Session id (string: ids travel as strings). */
  sid: string;
  /** `access` or `refresh`: a refresh token never passes as an access token and the reverse. */
  typ: 'access' | 'refresh';
  jti: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
}

const encode = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const HEADER = encode({ alg: 'HS256', typ: 'JWT' });

const signature = (input: string, secret: string): Buffer => crypto.createHmac('sha256', secret).update(input).digest();

export function signToken(claims: TokenClaims, secret: string): string {
  const input = `${HEADER}.${encode(claims)}`;
  return `${input}.${signature(input, secret).toString('base64url')}`;
}

export type VerifyResult = { ok: true; claims: TokenClaims } | { ok: false; reason: 'forged' | 'expired' };

const isClaims = (value: unknown): value is TokenClaims => {
  if (typeof value !== 'object' || value === null) return false;
  const claims = value as Record<string, unknown>;
  return (
    typeof claims.sid === 'string' &&
    (claims.typ === 'access' || claims.typ === 'refresh') &&
    typeof claims.jti === 'string' &&
    typeof claims.exp === 'number'
  );
};

/** Checks the signature first; only a genuine token can be reported as expired. */
export function verifyToken(token: string, secret: string, nowSeconds = Date.now() / 1000): VerifyResult {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== HEADER) return { ok: false, reason: 'forged' };
  const given = Buffer.from(parts[2], 'base64url');
  const expected = signature(`${parts[0]}.${parts[1]}`, secret);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected))
    return { ok: false, reason: 'forged' };
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'forged' };
  }
  if (!isClaims(claims)) return { ok: false, reason: 'forged' };
  if (claims.exp <= nowSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
