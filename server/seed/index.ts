// Seeds an empty database on every start, and adds to an older one the dictionaries it has never had. A marker row
// claimed first inside the transaction makes two instances starting at once on one database agree: the second waits on
// the marker's key, then finds it and does nothing.

import type { AppContext } from '../platform/context.js';
import { now } from '../platform/db/time.js';
import { PARAM_REGISTER_USER } from '../system/auth/params.js';
import { seedDataScopes } from './data-scopes.js';
import { addDemoSecondAdministrator } from './demo-finance.js';
import { addDemoHistory, FIRST_START } from './demo-history.js';
import { addDemoLeaves } from './demo-leaves.js';
import { addDemoOfficialAccount } from './demo-official-account.js';
import { addDemoOperation } from './demo-operation.js';
import { addNewDictionaries, seedDictionaries } from './dictionaries.js';
import { seedMenus } from './menus.js';
import { addDemoNotices } from './notices.js';
import { seedOrganisation } from './organisation.js';
import { seedRegions } from './regions.js';
import { seedSettings } from './settings.js';
import { seedRentalOrganisation } from './site-manager.js';

export const SEED_MARKER = 'seed.done';

/** How long a second instance waits for the first's seed (SQLite), which on a busy machine outlasts the busy timeout. */
const SEED_WAIT_MS = 120_000;

export async function seedDatabase(ctx: AppContext): Promise<void> {
  const started = Date.now();
  for (;;) {
    try {
      await seedOnce(ctx);
      break;
    } catch (error) {
      const busy = (error as { code?: string }).code === 'SQLITE_BUSY';
      if (!busy || Date.now() - started > SEED_WAIT_MS) throw error;
    }
  }
  await addNewDictionaries(ctx.db);
}

async function seedOnce(ctx: AppContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('blade_setting')
      .values({ settingKey: SEED_MARKER, settingValue: now() })
      .onConflict((oc) => oc.column('settingKey').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
    // A database that already holds users was set up before this seed existed: leave it as it is.
    const existing = await trx.selectFrom('blade_user').select('id').limit(1).executeTakeFirst();
    if (existing) return;
    await seedSettings(trx);
    await seedDictionaries(trx);
    const menuIds = await seedMenus(trx);
    await seedOrganisation(trx, ctx.config, menuIds);
    await seedDataScopes(trx, menuIds);
    await seedRentalOrganisation(trx, menuIds);
    await seedRegions(trx);
    if (ctx.config.seedDemo) {
      await addDemoNotices(trx);
      // The demo shows third-party registration; a real installation opens it deliberately (参数管理).
      await trx
        .updateTable('blade_param')
        .set({ paramValue: 'true' })
        .where('paramKey', '=', PARAM_REGISTER_USER)
        .execute();
      await addDemoOperation(trx);
      await addDemoHistory(trx, FIRST_START);
      await addDemoLeaves(trx);
      await addDemoOfficialAccount(trx);
      await addDemoSecondAdministrator(trx);
    }
  });
}
