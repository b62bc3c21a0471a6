// Every menu the seed writes has an English name on the English sidebar: the console reads the seed's names, so a
// menu added to the seed without one (or named only in Chinese) fails here.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadEnglishMenuNames } from '../../../src/menu/english-menu-names.js';
import { leaves, type MenuEntry, type ServerMenu, toMenuEntries } from '../../../src/menu/menu-entry.js';
import { menuTitle } from '../../../src/menu/menu-title.js';
import { call, signIn, startTestServer, type TestServer } from '../harness.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signIn(server);
  await loadEnglishMenuNames();
});
afterAll(() => server.close());

const everyEntry = (entries: MenuEntry[]): MenuEntry[] =>
  entries.flatMap((entry) => [entry, ...everyEntry(entry.children)]);

it('names every seeded menu in English, in the words of the spec', async () => {
  const response = await call(server, 'GET', '/api/blade-system/menu/routes', { token: admin });
  const entries = everyEntry(toMenuEntries(response.json().data as ServerMenu[]));
  expect(entries.length).toBeGreaterThan(60);
  const untranslated = entries.filter((entry) => /[\u4e00-\u9fff]/.test(menuTitle(entry, 'en')));
  expect(untranslated.map((entry) => entry.label)).toEqual([]);
  const english = new Map(leaves(entries).map((entry) => [entry.code, menuTitle(entry, 'en')]));
  expect(english.get('equ')).toBe('Equipment');
  expect(english.get('room')).toBe('Rooms');
  expect(menuTitle(entries[0], 'zh')).toBe('业务管理');
});
