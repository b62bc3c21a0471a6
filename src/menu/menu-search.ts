// Menu search over the leaf entries: the name matches by prefix, ignoring case (spec §2).
import type { MenuEntry } from './menu-entry';
import { leaves } from './menu-entry';

export function searchMenu(entries: MenuEntry[], text: string, title: (entry: MenuEntry) => string): MenuEntry[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return [];
  return leaves(entries).filter((entry) => title(entry).toLowerCase().startsWith(wanted));
}
