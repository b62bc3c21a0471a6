// Seeds blade_dict: a root row per code (dictKey "-1", dictValue the title) and its items in order, each with its
// English (dictValueEn) for the console's English screen.
import type { Kysely } from 'kysely';
import { readDictionaryFiles } from '../../facts/dictionary-files.js';
import { type DictionarySeed, SYSTEM_DICTIONARIES } from '../../facts/system-dictionaries.js';
import { nextId } from '../platform/db/ids.js';
import type { Database } from '../platform/db/schema.js';
import { now } from '../platform/db/time.js';

async function insertDictionary(db: Kysely<Database>, dictionary: DictionarySeed, sort: number): Promise<void> {
  const createTime = now();
  const rootId = nextId();
  await db
    .insertInto('blade_dict')
    .values([
      {
        id: rootId,
        parentId: 0,
        code: dictionary.code,
        dictKey: '-1',
        dictValue: dictionary.name,
        dictValueEn: dictionary.en ?? null,
        sort,
        remark: dictionary.remark ?? null,
        createTime,
      },
      ...dictionary.items.map((item, index) => ({
        id: nextId(),
        parentId: rootId,
        code: dictionary.code,
        dictKey: item.key,
        dictValue: item.value,
        dictValueEn: item.en,
        sort: index + 1,
        remark: item.remark ?? null,
        createTime,
      })),
    ])
    .execute();
}

const allDictionaries = (): DictionarySeed[] => [
  ...SYSTEM_DICTIONARIES,
  ...readDictionaryFiles().map(({ code, name, en, items }) => ({ code, name, en, items })),
];

export async function seedDictionaries(db: Kysely<Database>): Promise<void> {
  for (const [index, dictionary] of allDictionaries().entries()) await insertDictionary(db, dictionary, index + 1);
}

/**
 * A dictionary this version brings that the database has never had (it was seeded by an earlier version) is added
 * on start; one the database has, even edited or deleted by an administrator, is left as it is. A marker per code,
 * claimed in the same transaction, keeps two instances starting together from adding it twice.
 */
export async function addNewDictionaries(db: Kysely<Database>): Promise<void> {
  const all = allDictionaries();
  const present = await db.selectFrom('blade_dict').select('code').where('parentId', '=', 0).distinct().execute();
  const have = new Set(present.map((row) => row.code));
  for (const [index, dictionary] of all.entries()) {
    if (have.has(dictionary.code)) continue;
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .insertInto('blade_setting')
        .values({ settingKey: `seed.dict.${dictionary.code}`, settingValue: now() })
        .onConflict((oc) => oc.column('settingKey').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return;
      await insertDictionary(trx, dictionary, index + 1);
    });
  }
}
