// Reads the dictionaries the product ships as JSON in dictionaries/ (one file per code).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface DictionaryFile {
  code: string;
  name: string;
  en: string;
  remark?: string;
  items: { key: string; value: string; en: string; remark?: string }[];
}

export const DICTIONARY_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dictionaries');

export function readDictionaryFiles(folder = DICTIONARY_FOLDER): DictionaryFile[] {
  return fs
    .readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as DictionaryFile);
}
