// The Basic client check of the token endpoint: `Authorization: Basic base64(clientId:clientSecret)` against
// blade_client, whose row also gives the token lifetimes and the grant types the client may use.
import crypto from 'node:crypto';
import type { AppContext } from '../../platform/context.js';

export interface Client {
  clientId: string;
  grantTypes: string[];
  accessSeconds: number;
  refreshSeconds: number;
}

const sameText = (a: string, b: string): boolean => {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
};

export function parseBasic(header: string | undefined): { clientId: string; clientSecret: string } | null {
  const match = header?.match(/^basic\s+([A-Za-z0-9+/=]+)\s*$/i);
  if (!match) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  return { clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}

export async function authenticateClient(ctx: AppContext, header: string | undefined): Promise<Client | null> {
  const credentials = parseBasic(header);
  if (!credentials) return null;
  const row = await ctx.db
    .selectFrom('blade_client')
    .select(['clientId', 'clientSecret', 'authorizedGrantTypes', 'accessTokenValidity', 'refreshTokenValidity'])
    .where('clientId', '=', credentials.clientId)
    .where('isDeleted', '=', 0)
    .executeTakeFirst();
  if (!row || !sameText(row.clientSecret, credentials.clientSecret)) return null;
  return {
    clientId: row.clientId,
    grantTypes: row.authorizedGrantTypes.split(',').map((grant) => grant.trim()),
    accessSeconds: row.accessTokenValidity,
    refreshSeconds: row.refreshTokenValidity,
  };
}
