// `npm run pages:pull`: writes the published version of every page changed in the studio (database of DATABASE_URL)
// into pages/, so a developer commits what an analyst published; a page reverted to its shipped file is left alone.
// Once the files are committed and shipped, the published versions equal the baseline again.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadConfig } from '../../platform/config.js';
import { openDatabase } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { pagesDir } from './baseline.js';

async function main(): Promise<void> {
  const { db, close } = openDatabase(loadConfig().databaseUrl);
  try {
    await migrate(db);
    const rows = await db
      .selectFrom('blade_page_version')
      .select(['pageId', 'version', 'definition'])
      .where('state', '=', 1)
      .orderBy('version', 'asc')
      .execute();
    const newest = new Map(rows.map((row) => [row.pageId, row]));
    let written = 0;
    for (const row of newest.values()) {
      if (!row.definition) continue;
      const file = join(pagesDir, `${row.pageId}.json`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(JSON.parse(row.definition), null, 2)}\n`);
      console.log(`pages/${row.pageId}.json ← 第 ${row.version} 版 (version ${row.version})`);
      written += 1;
    }
    console.log(`已写入 ${written} 个页面文件 (${written} page files written); 请运行 npm run format 后提交`);
  } finally {
    await close();
  }
}

await main();
