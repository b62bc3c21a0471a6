// `npm run figures:rebuild [-- --check]` on a database holding the demo history: the check agrees with the figures
// the generator left, lists a tampered row and exits 1, and the rebuild puts it right. An upgraded database gets its
// figures on its first start.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { checkFigures } from '../../../server/money/reports/figures-rebuild.js';
import { openDatabase } from '../../../server/platform/db/index.js';
import { freshDatabaseUrl, startTestServer } from '../harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

const command = (url: string, script: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', path.resolve(here, '../../../server', script), ...args], {
    env: { ...process.env, DATABASE_URL: url },
  });

it('checks the daily figures, lists where they differ, and rebuilds them', async () => {
  const url = await freshDatabaseUrl();
  await command(url, 'seed/demo-cli.ts', ['--orders', '300']);
  const agreed = await command(url, 'money/reports/figures-cli.ts', ['--check']);
  expect(agreed.stdout).toContain('每日统计与重新计算一致');

  const { db, close } = openDatabase(url);
  try {
    const row = await db.selectFrom('biz_day_figure').selectAll().where('orders', '>', 0).executeTakeFirstOrThrow();
    await db
      .updateTable('biz_day_figure')
      .set({ orders: Number(row.orders) + 5 })
      .where('day', '=', row.day)
      .where('equId', '=', row.equId)
      .where('siteId', '=', row.siteId)
      .where('deptId', '=', row.deptId)
      .execute();
    const failed = await command(url, 'money/reports/figures-cli.ts', ['--check']).catch(
      (error: { stdout: string; code: number }) => error,
    );
    expect(failed).toMatchObject({ code: 1 });
    const listed = (failed as { stdout: string }).stdout;
    expect(listed).toContain(`${row.day} dept ${row.deptId} site ${row.siteId} equ ${row.equId} orders:`);
    expect(listed).toContain('每日统计有 1 处不一致');

    const rebuilt = await command(url, 'money/reports/figures-cli.ts', []);
    expect(rebuilt.stdout).toMatch(/每日统计已重建: \d+ 行/);
    const after = await db
      .selectFrom('biz_day_figure')
      .select('orders')
      .where('day', '=', row.day)
      .where('equId', '=', row.equId)
      .where('siteId', '=', row.siteId)
      .where('deptId', '=', row.deptId)
      .executeTakeFirstOrThrow();
    expect(Number(after.orders)).toBe(Number(row.orders));
    expect((await command(url, 'money/reports/figures-cli.ts', ['--check'])).stdout).toContain(
      '每日统计与重新计算一致',
    );
  } finally {
    await close();
  }
}, 60000);

it('fills the figures on the first start of a database that held orders before they were kept', async () => {
  const url = await freshDatabaseUrl();
  await command(url, 'seed/demo-cli.ts', ['--orders', '200']);
  const before = openDatabase(url);
  // As the migration leaves an upgraded database: its orders, and no figures.
  await before.db.deleteFrom('biz_day_figure').execute();
  await before.close();

  const server = await startTestServer({ DATABASE_URL: url });
  try {
    expect(await checkFigures(server.ctx.db)).toEqual([]);
    const kept = await server.ctx.db
      .selectFrom('biz_day_figure')
      .select((eb) => eb.fn.sum<number>('orders').as('orders'))
      .executeTakeFirstOrThrow();
    expect(Number(kept.orders)).toBe(200);
  } finally {
    await server.close();
  }
});
