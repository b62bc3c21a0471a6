// Buttons a route needs, declared on the route (`config.button`, `addOrEdit` in platform/access.ts) and checked by the sign-in check (plugin.ts) after
// `config.access`: a handler cannot forget one. A route that moves money must declare one, or the server refuses
// to start (docs in server/README.md, "Buttons").
import type { FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { forbidden, unauthorized } from '../../platform/http/envelope.js';
import { fieldsOf } from '../../platform/http/route-plugin.js';
import { holdsCode } from '../permissions/grants.js';

/**
 * Where money moves: staff calls under these paths change orders, payments, refunds, transfers, withdrawals,
 * wallets and splits. Reads (GET …/list, page, detail, fields, stats) are not money routes; every other call under
 * them is, a GET too. Customer-app calls and the provider's notifications are checked otherwise
 * (their caller is a customer or the provider, who hold no buttons).
 */
export const MONEY_PATHS = [
  '/api/blade-system/order/',
  '/api/blade-system/goods-order/',
  '/api/blade-system/pay/',
  '/api/blade-system/refund/',
  '/api/blade-system/transfers/',
  '/api/blade-system/withdrawal/',
  '/api/blade-system/wallet/',
  '/api/blade-system/recharge/',
  '/api/blade-system/records/',
  '/api/blade-system/payee/',
  '/api/blade-system/receiver/',
  '/api/blade-system/setter/',
  '/api/blade-system/approval/',
  '/api/blade-system/bill/',
  '/api/wx/transfer',
];
const READS = new Set(['list', 'page', 'detail', 'fields', 'stats', 'statement']);

export function isMoneyRoute(route: Pick<RouteOptions, 'method' | 'url' | 'config'>): boolean {
  const access = route.config?.access;
  if (typeof access !== 'object') return false;
  if (!MONEY_PATHS.some((path) => route.url.startsWith(path))) return false;
  const methods = [route.method].flat();
  const reading = methods.every((method) => method === 'GET' || method === 'HEAD');
  return !(reading && READS.has(route.url.split('/').pop() ?? ''));
}

/** onRoute: a money route without a button stops the server. */
export function checkDeclaredButton(route: RouteOptions): void {
  if (!route.config?.button && isMoneyRoute(route)) {
    throw new Error(`${route.method} ${route.url} moves money but declares no config.button`);
  }
}

async function require(ctx: AppContext, request: FastifyRequest, code: string): Promise<void> {
  const user = request.user;
  if (!user) throw unauthorized('缺失令牌,鉴权失败');
  if (user.userId === -1 || !(await holdsCode(ctx, user, code))) throw forbidden();
}

/** A route's single button, checked with its access before anything is read of the input. */
export async function requireFixedButton(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const button = request.routeOptions.config.button;
  if (typeof button === 'string') await require(ctx, request, button);
}

const hasId = (request: FastifyRequest): boolean => {
  const id = fieldsOf(request.body)?.id;
  return id !== undefined && id !== null && id !== '';
};

/** An add-or-edit button, once the input is validated and says which. */
export async function requireInputButton(ctx: AppContext, request: FastifyRequest): Promise<void> {
  const button = request.routeOptions.config.button;
  if (!button || typeof button === 'string') return;
  const editing = button.editing ? await button.editing(request) : hasId(request);
  await require(ctx, request, editing ? button.edit : button.add);
}
