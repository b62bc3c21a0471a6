// `npm run pages:pull`: writes the published version of every page changed in the studio (database of DATABASE_URL)
// into pages/, so a developer commits what an analyst published; a page reverted to its shipped file is left alone.
// Once the files are committed and shipped, the published versions equal the baseline again.
import { loadConfig } from '../../platform/config.js';
import { openDatabase } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { pagesDir } from './baseline.js';
import { pullPublishedPages } from './pull.js';

async function main(): Promise<void> {
  const { db, close } = openDatabase(loadConfig().databaseUrl);
  try {
    await migrate(db);
    const written = await pullPublishedPages(db, pagesDir);
    for (const { pageId, version } of written)
      console.log(`pages/${pageId}.json ← 第 ${version} 版 (version ${version})`);
    console.log(
      `已写入 ${written.length} 个页面文件 (${written.length} page files written); 请运行 npm run format 后提交`,
    );
  } finally {
    await close();
  }
}

await main();
