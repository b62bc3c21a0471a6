// Who may read /metrics: a scraper with METRICS_TOKEN as its bearer token, or one at an address of METRICS_ALLOW
// (loopback by default). The figures name routes, providers and money waiting: not for anyone on the internet.
import crypto from 'node:crypto';
import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

export interface ScrapeRefusal {
  status: 401 | 403;
  reason: string;
}

const lists = new WeakMap<string[], net.BlockList>();

/** The CIDR list (`10.0.0.0/8,::1/128`) as a set of ranges; a bare address is that one address. */
function allowListOf(cidrs: string[]): net.BlockList {
  let list = lists.get(cidrs);
  if (list) return list;
  list = new net.BlockList();
  for (const cidr of cidrs) {
    const [address, bits] = cidr.split('/');
    const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
    if (!net.isIP(address)) throw new Error(`METRICS_ALLOW: ${cidr} is not an address or a CIDR range`);
    list.addSubnet(address, bits === undefined ? (family === 'ipv6' ? 128 : 32) : Number(bits), family);
  }
  lists.set(cidrs, list);
  return list;
}

/** Checks the list at start, so a mistyped range is said then and not at the first scrape. */
export function checkMetricsAllow(config: Config): void {
  allowListOf(config.ops.metricsAllow);
}

const sameText = (a: string, b: string) => {
  const left = crypto.createHash('sha256').update(a).digest();
  const right = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(left, right);
};

/** Null when the caller may scrape; otherwise the plain answer to give. */
export function mayScrape(config: Config, request: FastifyRequest): ScrapeRefusal | null {
  const { metricsToken, metricsAllow } = config.ops;
  const match = request.headers.authorization?.match(/^bearer\s+(\S+)\s*$/i);
  if (match) {
    if (metricsToken && sameText(match[1], metricsToken)) return null;
    return { status: 401, reason: 'metrics: wrong token' };
  }
  // Behind a proxy that is not trusted (TRUST_PROXY), the connecting address is the proxy's, often loopback: the
  // caller is unknown, so only the token lets it in.
  const proxied = request.headers['x-forwarded-for'] !== undefined && config.trustProxy === false;
  const address = request.ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  if (!proxied && net.isIP(address) && allowListOf(metricsAllow).check(address, family)) return null;
  if (metricsToken) return { status: 401, reason: 'metrics: bearer token required' };
  return { status: 403, reason: 'metrics: this address may not read them (METRICS_ALLOW)' };
}
