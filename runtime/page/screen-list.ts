// A screen's own list: its first list block, kept under the page's id (what people choose for it, such as columns and
// page size, survives blocks added before or after it). Its first page is asked for before the list is drawn
// (DefinitionPage), and before the console's code has loaded (src/ahead/).
import { listScreen } from '../schema/list-screen';
import type { ListScreen, PageDefinition, Permission } from '../schema/types';

export function screenListOf(page: PageDefinition): { list: ListScreen; permission?: Permission } | undefined {
  const block = page.blocks.find((b) => b.type === 'list');
  if (block?.type !== 'list') return undefined;
  const list = listScreen(block, page.id, page.title);
  return list && { list, permission: block.permission };
}
