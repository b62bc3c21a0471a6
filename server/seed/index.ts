// Seeds an empty database on every start. A marker row claimed first inside the transaction makes two instances
// starting at once on one database agree: the second waits on the marker's key, then finds it and does nothing.
import type { AppContext } from '../context.js';
import { nextId } from '../db/ids.js';
import { now } from '../db/time.js';

const SEED_MARKER = 'seed.done';

export async function seedDatabase(ctx: AppContext): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('blade_setting')
      .values({ settingKey: SEED_MARKER, settingValue: now() })
      .onConflict((oc) => oc.column('settingKey').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
    await trx
      .insertInto('blade_client')
      .values({
        id: nextId(),
        clientId: 'saber',
        clientSecret: 'saber_secret',
        scope: 'all',
        authorizedGrantTypes: 'password,captcha,refresh_token,social,sms_code',
        accessTokenValidity: 3600,
        refreshTokenValidity: 604800,
        createTime: now(),
      })
      .execute();
  });
}
