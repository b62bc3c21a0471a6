// `npm run seed:demo`: adds demo notices to an existing database, reports kinds it cannot fill yet, refuses bad counts.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/index.js';
import { freshDatabaseUrl } from '../harness.js';

const cli = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../server/seed/demo-cli.ts');
const run = promisify(execFile);

const seedDemo = (url: string, args: string[]) =>
  run(process.execPath, ['--import', 'tsx', cli, ...args], { env: { ...process.env, DATABASE_URL: url } });

it('adds demo notices, skips orders with a note, and names a bad flag', async () => {
  const url = await freshDatabaseUrl();
  const { stdout } = await seedDemo(url, ['--notices', '2', '--orders', '5']);
  expect(stdout).toContain('notices: 已添加 12 条');
  expect(stdout).toContain('orders: 业务表尚未提供演示数据');
  const failed = await seedDemo(url, ['--orders', 'many']).catch((error: { stderr: string; code: number }) => error);
  expect(failed).toMatchObject({ code: 1 });
  expect((failed as { stderr: string }).stderr).toContain('--orders 需要 0 到 10000000 之间的整数');
  const { db, close } = openDatabase(url);
  try {
    const notices = await db.selectFrom('blade_notice').select('id').execute();
    expect(notices).toHaveLength(12);
    expect(await db.selectFrom('blade_user').select('id').execute()).toHaveLength(3);
  } finally {
    await close();
  }
});
