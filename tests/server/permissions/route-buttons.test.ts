// Buttons are declared on the route (`config.button`) and checked with its access: a route that moves money and
// declares none stops the server, and the restricted accounts are refused exactly the calls whose button their role
// lacks, whatever the handler does.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkDeclaredButton } from '../../../server/system/auth/buttons.js';
import { type Operation, operationsOf } from '../fuzz/operations.js';
import { BASIC, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let operations: (Operation & { button?: string | string[] })[];

beforeAll(async () => {
  server = await startTestServer();
  const document = (await server.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<string, Record<string, { 'x-button'?: string | string[] }>>;
  };
  operations = (await operationsOf(server)).map((operation) => ({
    ...operation,
    button: document.paths[operation.path][operation.method.toLowerCase()]['x-button'],
  }));
});
afterAll(async () => server?.close());

const planted = async (route: { method: 'GET' | 'POST'; url: string; button?: string; access?: unknown }) => {
  const app = Fastify();
  app.addHook('onRoute', checkDeclaredButton);
  app.route({
    method: route.method,
    url: route.url,
    config: { access: (route.access ?? { menu: 'refund' }) as { menu: string }, button: route.button },
    handler: async () => ({}),
  });
  await app.ready();
  await app.close();
};

describe('a route that moves money', () => {
  it('stops the server when it declares no button', async () => {
    await expect(planted({ method: 'POST', url: '/api/blade-system/pay/planted-refund' })).rejects.toThrow(
      'POST /api/blade-system/pay/planted-refund moves money but declares no config.button',
    );
    // A GET that is not a read moves money too.
    await expect(planted({ method: 'GET', url: '/api/blade-system/order/planted-close' })).rejects.toThrow(
      'declares no config.button',
    );
    await expect(planted({ method: 'POST', url: '/api/blade-system/withdrawal/planted' })).rejects.toThrow();
  });

  it('starts with a button, and reads, customer calls and other screens need none', async () => {
    await planted({ method: 'POST', url: '/api/blade-system/pay/planted-refund', button: 'refund_launch' });
    await planted({ method: 'GET', url: '/api/blade-system/order/list' });
    await planted({ method: 'POST', url: '/api/blade-system/pay/planted-launch', access: 'customer' });
    await planted({ method: 'POST', url: '/api/blade-system/param/planted' });
  });

  it('is declared with its button on the real server', () => {
    const money = operations.filter((operation) =>
      [
        'POST /api/blade-system/pay/launch-refund',
        'POST /api/blade-system/pay/transfers',
        'POST /api/blade-system/order/finish',
        'POST /api/blade-system/withdrawal/pass',
        'POST /api/blade-system/withdrawal/reject',
        'POST /api/blade-system/records/launch',
        'POST /api/wx/transfer',
        'GET /api/blade-system/wallet/reconcile',
      ].includes(`${operation.method} ${operation.path}`),
    );
    expect(money.map((operation) => operation.button)).toEqual([
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
      expect.any(String),
    ]);
  });
});

describe.each(['operator', 'manager'])('the restricted account %s', (account) => {
  it('is refused with 403 exactly the calls whose button its role lacks', async () => {
    const token = await signIn(server, account, account);
    const rows = await server.ctx.db
      .selectFrom('blade_user as u')
      .innerJoin('blade_role_menu as rm', (join) =>
        join.on((eb) => eb(eb.cast('rm.roleId', 'varchar(20)'), '=', eb.ref('u.roleId'))),
      )
      .innerJoin('blade_menu as m', 'm.id', 'rm.menuId')
      .select('m.code')
      .where('u.account', '=', account)
      .execute();
    const held = new Set(rows.map((row) => String(row.code)));
    const lacking: string[] = [];
    const holding: string[] = [];
    for (const operation of operations) {
      const { access, button } = operation;
      if (typeof button !== 'string' || typeof access !== 'object') continue;
      if (![access.menu].flat().some((code) => held.has(code))) continue;
      const response = await server.app.inject({
        method: operation.method,
        url: operation.path.replace(/\{[^}]+\}/g, '1'),
        headers: { authorization: BASIC, 'blade-auth': `bearer ${token}` },
      });
      const name = `${operation.method} ${operation.path} (${button})`;
      if (held.has(button)) {
        expect(response.statusCode, name).not.toBe(403);
        holding.push(button);
      } else {
        expect(response.statusCode, name).toBe(403);
        lacking.push(button);
      }
    }
    // The seeded roles: the operator may not delete parameters, notices or fans, nor decide payout approvals (it
    // launches payouts), nor settle a difference with WeChat Pay's bills or download a day's bills again; the site manager may not delete companies or equipment types, nor set a device's own price
    // plan nor list the plans to choose from (the head office's pricing); both may finish orders.
    // Neither manages processes (models and their checks, deployments and uploads, instances: administrators only).
    const managing = [...Array(5).fill('flow_deploy'), ...Array(2).fill('flow_follow'), ...Array(6).fill('flow_model')];
    expect(lacking.sort()).toEqual(
      account === 'operator'
        ? [
            'approval_approve',
            'approval_reject',
            'bill_handle',
            'bill_reconcile',
            ...managing,
            'notice_delete',
            'param_delete',
            'wxaccountfans_delete',
          ]
        : ['company_delete', 'equ_price', 'equ_price', ...managing, 'type_delete'],
    );
    expect(holding).toContain('order_finish');
  });
});
