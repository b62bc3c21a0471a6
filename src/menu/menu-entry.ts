// Turns the server's menu tree (menu/routes) into the entries the sidebar, routes and menu search use (spec §2).

/** One node of `GET /api/blade-system/menu/routes`. */
export interface ServerMenu {
  id?: string;
  parentId?: string;
  code?: string;
  name?: string;
  label?: string;
  alias?: string;
  path?: string;
  source?: string;
  isOpen?: number;
  meta?: { i18n?: string; roles?: string[] | string; keepAlive?: boolean };
  query?: Record<string, string>;
  group?: string[];
  children?: ServerMenu[];
}

export interface MenuEntry {
  id: string;
  code: string;
  label: string;
  /** Translation key (meta.i18n, else the code) looked up under `menu.` before falling back to the label. */
  i18n: string;
  icon?: string;
  /** Where the browser goes: a console route, or the external address for open-type 2. */
  path: string;
  /** The menu path the view is resolved from (a generated index child keeps its parent's). */
  viewPath: string;
  query: Record<string, string>;
  roles: string[];
  keepAlive: boolean;
  /** Open-type 2 with an external address: a new window, no route. */
  newWindow: boolean;
  iframe: boolean;
  children: MenuEntry[];
}

export const isExternalPath = (path: string): boolean => /^https?:\/\//i.test(path);
export const isFramedPath = (path: string): boolean => isExternalPath(path) || path.includes('html');

const iframeRoute = '/myiframe/urlPath';

function rolesOf(meta: ServerMenu['meta']): string[] {
  const roles = meta?.roles;
  if (!roles) return [];
  return (Array.isArray(roles) ? roles : roles.split(',')).map((role) => role.trim()).filter(Boolean);
}

function toEntry(item: ServerMenu, topLevel: boolean): MenuEntry {
  const rawPath = item.path ?? '';
  const label = item.name || item.label || rawPath;
  const children = (item.children ?? []).map((child) => toEntry(child, false));
  const external = isExternalPath(rawPath);
  const newWindow = item.isOpen === 2 && external;
  const iframe = !newWindow && isFramedPath(rawPath);
  const query: Record<string, string> = { ...(item.query ?? {}) };
  if (iframe) {
    query.src = rawPath;
    query.name = label;
    if (item.code) query.code = item.code;
    if (item.id) query.id = String(item.id);
  }
  const path = newWindow ? rawPath : iframe ? iframeRoute : rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const entry: MenuEntry = {
    id: String(item.id ?? path),
    code: item.code ?? '',
    label,
    i18n: item.meta?.i18n || item.code || '',
    icon: item.source,
    path,
    viewPath: path,
    query,
    roles: rolesOf(item.meta),
    keepAlive: item.meta?.keepAlive === true,
    newWindow,
    iframe,
    children,
  };
  // A top-level page without children gets an index child; the parent path redirects to it.
  if (topLevel && children.length === 0 && !newWindow && !iframe) {
    entry.children = [{ ...entry, id: `${entry.id}-index`, path: `${path.replace(/\/$/, '')}/index`, children: [] }];
  }
  return entry;
}

export const toMenuEntries = (tree: ServerMenu[]): MenuEntry[] => tree.map((item) => toEntry(item, true));

/** Spec §6: an entry with a role list shows only when one of the person's roles is in it. */
export function visibleFor(entries: MenuEntry[], roles: string[]): MenuEntry[] {
  return entries
    .filter((entry) => entry.roles.length === 0 || entry.roles.some((role) => roles.includes(role)))
    .map((entry) => ({ ...entry, children: visibleFor(entry.children, roles) }));
}

export function leaves(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.children.length ? leaves(entry.children) : [entry]));
}

/** Leaves by route path; framed entries are told apart by their address. */
export function routeTable(entries: MenuEntry[]): Map<string, MenuEntry> {
  const table = new Map<string, MenuEntry>();
  for (const entry of leaves(entries)) if (!entry.newWindow && !entry.iframe) table.set(entry.path, entry);
  return table;
}

/** Top-level pages that became an index child: `/x` → `/x/index`. */
export function redirectTable(entries: MenuEntry[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const entry of entries) {
    const [only] = entry.children;
    if (entry.children.length === 1 && only.path === `${entry.path.replace(/\/$/, '')}/index`) {
      table.set(entry.path, only.path);
    }
  }
  return table;
}

export function pathWithQuery(entry: Pick<MenuEntry, 'path' | 'query'>): string {
  const query = new URLSearchParams(entry.query).toString();
  return query ? `${entry.path}?${query}` : entry.path;
}

/** Every code of the menu tree (menu/routes): a person who may open a menu holds its code, as they hold a button's. */
export function menuCodes(tree: ServerMenu[]): string[] {
  return tree.flatMap((node) => [...(node.code ? [node.code] : []), ...menuCodes(node.children ?? [])]);
}

/** Leaf codes of the button tree (menu/buttons): with the menu codes, the person's permission set. */
export function buttonCodes(tree: ServerMenu[]): string[] {
  return tree.flatMap((node) => (node.children?.length ? buttonCodes(node.children) : node.code ? [node.code] : []));
}
