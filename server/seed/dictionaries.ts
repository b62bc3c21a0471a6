// Seeds blade_dict: a root row per code (dictKey "-1", dictValue the title) and its items in order, each with its
// English (dictValueEn) for the console's English screen.
import type { Kysely } from 'kysely';
import { nextId } from '../db/ids.js';
import type { Database } from '../db/schema.js';
import { now } from '../db/time.js';
import { readDictionaryFiles } from './dictionary-files.js';
import { type DictionarySeed, SYSTEM_DICTIONARIES } from './system-dictionaries.js';

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

export async function seedDictionaries(db: Kysely<Database>): Promise<void> {
  const all: DictionarySeed[] = [
    ...SYSTEM_DICTIONARIES,
    ...readDictionaryFiles().map(({ code, name, en, items }) => ({ code, name, en, items })),
  ];
  for (const [index, dictionary] of all.entries()) await insertDictionary(db, dictionary, index + 1);
}
