// `npm run seed:demo`: adds demo notices and a rental history to an existing database, refuses bad counts.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { reconcile } from '../../../server/money/recovery/reconcile.js';
import { loadConfig } from '../../../server/platform/config.js';
import { openDatabase } from '../../../server/platform/db/index.js';
import { freshDatabaseUrl } from '../harness.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/seed/demo-cli.ts');
const run = promisify(execFile);

const seedDemo = (url: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, DATABASE_URL: url } });

it('adds demo notices and orders, and names a bad flag', async () => {
  const url = await freshDatabaseUrl();
  const { stdout } = await seedDemo(url, ['--notices', '2', '--orders', '400']);
  expect(stdout).toContain('notices: 已添加 12 条');
  expect(stdout).toContain('orders: 已添加 400 条');
  const failed = await seedDemo(url, ['--orders', 'many']).catch((error: { stderr: string; code: number }) => error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toContain('--orders 需要 0 到 10000000 之间的整数');
  const { db, dialect, close } = openDatabase(url);
  try {
    const notices = await db.selectFrom('blade_notice').select('id').execute();
    expect(notices).toHaveLength(12);
    expect(await db.selectFrom('blade_user').select('id').execute()).toHaveLength(3);
    // A history in every state, with its refunds (some abnormal) and split records, that the ledger explains.
    const states = await db.selectFrom('biz_order').select('state').distinct().execute();
    expect(states.map((row) => Number(row.state)).sort()).toEqual(expect.arrayContaining([0, 1, 3, 4, 6, 7]));
    // Rentals with a deposit (pay/launch), on the wallet (payMode 2) and without deposit (pay/payscore), each with
    // what the sandbox knows of it.
    const modes = await db.selectFrom('biz_order').select('payMode').distinct().execute();
    expect(modes.map((row) => Number(row.payMode)).sort()).toEqual([1, 2, 3]);
    const services = await db
      .selectFrom('biz_pay_sim')
      .select('state')
      .where('kind', '=', 'score')
      .distinct()
      .execute();
    expect(services.map((row) => row.state).sort()).toEqual(['DOING', 'DONE']);
    const refunds = await db.selectFrom('biz_refund').select('status').distinct().execute();
    expect(refunds.map((row) => Number(row.status))).toEqual(expect.arrayContaining([1, 3]));
    expect((await db.selectFrom('biz_split_record').select('id').execute()).length).toBeGreaterThan(0);
    for (const table of ['biz_withdrawal', 'biz_recharge', 'biz_transfer', 'biz_goods_order', 'biz_payee'] as const) {
      expect((await db.selectFrom(table).select('id').execute()).length, table).toBeGreaterThan(0);
    }
    // Every device shows the plan it is charged by, one of its own site and type (the 价格方案 column).
    const misplaced = await db
      .selectFrom('biz_equ')
      .leftJoin('biz_price', 'biz_price.id', 'biz_equ.priceId')
      .select('biz_equ.keyPair')
      .where((eb) =>
        eb.or([
          eb('biz_price.id', 'is', null),
          eb('biz_price.siteId', '<>', eb.ref('biz_equ.siteId')),
          eb('biz_price.typeId', '<>', eb.ref('biz_equ.typeId')),
        ]),
      )
      .execute();
    expect(misplaced).toEqual([]);
    const { differences, orders } = await reconcile({ db, dialect, config: loadConfig({ DATABASE_URL: url }) });
    expect(orders).toBeGreaterThan(300);
    expect(differences).toEqual([]);
  } finally {
    await close();
  }
});
