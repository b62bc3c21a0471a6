// Reads every import of the server, the console, the runtime and the shared facts, and checks it against the areas'
// allowed directions (each area's README says the same in words).
import fs from 'node:fs';
import path from 'node:path';

export interface Import {
  from: string;
  to: string;
}

/** The areas, each with the areas it may import besides itself. The runtime is the page language's library: it
 * imports nothing of ours but the texts, and the server checks pages with it. `locales` is data (i18next's resources,
 * docs/i18n.md): it imports nothing. */
export const ALLOWED: Record<string, readonly string[]> = {
  facts: [],
  locales: [],
  runtime: ['locales'],
  console: ['runtime', 'facts', 'locales'],
  platform: ['runtime', 'facts'],
  system: ['platform', 'runtime', 'facts'],
  rental: ['platform', 'system', 'runtime', 'facts'],
  money: ['platform', 'system', 'rental', 'runtime', 'facts'],
  channels: ['platform', 'system', 'rental', 'money', 'runtime', 'facts'],
  seed: ['platform', 'system', 'rental', 'money', 'channels', 'runtime', 'facts'],
  app: ['platform', 'system', 'rental', 'money', 'channels', 'seed', 'runtime', 'facts'],
};

const AREA_FOLDERS = ['platform', 'system', 'rental', 'money', 'channels', 'seed'];

/** The area a file of the repository belongs to; undefined for tests, scripts, benches and packages. */
export function areaOf(file: string): string | undefined {
  const [top, second] = file.split('/');
  if (top === 'facts' || top === 'runtime' || top === 'locales') return top;
  if (top === 'src') return 'console';
  if (top !== 'server') return undefined;
  if (AREA_FOLDERS.includes(second)) return second;
  return file.split('/').length === 2 ? 'app' : undefined;
}

/** The folder a money file lives in (`server/money/orders/x.ts` → `orders`); the files beside the folders are the
 * wiring above them all. */
function moneyFolderOf(file: string): string | undefined {
  if (!file.startsWith('server/money/')) return undefined;
  const parts = file.split('/');
  return parts.length === 3 ? 'wiring' : parts[2];
}

/** The money folders from the top down (server/money/README.md): each imports only the folders after it. */
export const MONEY_LAYERS = [
  'wiring',
  'reports',
  'recovery',
  'bills',
  'orders',
  'splits',
  'wallets',
  'approvals',
  'payments',
  'events',
];

const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function sourceFiles(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')));
}

/** Every relative import of the checked folders, as repository paths. */
export function readImports(root: string): Import[] {
  const imports: Import[] = [];
  for (const file of ['server', 'src', 'runtime', 'facts'].flatMap((folder) => sourceFiles(root, folder))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2];
      if (!specifier.startsWith('.')) continue;
      imports.push({ from: file, to: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)) });
    }
  }
  return imports;
}

/** One line per import against the rules: a wall crossed, or a cycle between the money folders. */
export function crossings(imports: readonly Import[]): string[] {
  const found: string[] = [];
  const moneyEdges = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    const source = areaOf(from);
    const target = areaOf(to);
    if (!source || !target) {
      if (source && !target && !to.startsWith('node_modules'))
        found.push(`${from} imports ${to}, outside every area (${source} may import ${list(source)})`);
      continue;
    }
    if (source !== target && !ALLOWED[source].includes(target))
      found.push(`${from} imports ${to}: ${source} may import ${list(source)}, not ${target}`);
    const a = moneyFolderOf(from);
    const b = moneyFolderOf(to);
    if (a && b && a !== b) {
      moneyEdges.set(a, (moneyEdges.get(a) ?? new Set()).add(b));
      const below = MONEY_LAYERS.slice(MONEY_LAYERS.indexOf(a) + 1);
      if (!below.includes(b))
        found.push(`${from} imports ${to}: money's ${a} may import ${below.join(', ')}, not ${b}`);
    }
  }
  for (const group of circles(moneyEdges)) {
    const inside = group.flatMap((a) =>
      [...(moneyEdges.get(a) ?? [])].filter((b) => group.includes(b)).map((b) => `${a} → ${b}`),
    );
    found.push(`money folders ${group.join(', ')} import each other in a circle: ${inside.join(', ')}`);
  }
  return found;
}

const list = (area: string) => [area, ...ALLOWED[area]].join(', ');

/** The groups of folders that reach each other through their imports (Tarjan's strongly connected components). */
function circles(edges: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (folder: string) => {
    index.set(folder, index.size);
    low.set(folder, index.get(folder) as number);
    stack.push(folder);
    for (const next of edges.get(folder) ?? []) {
      if (!index.has(next)) visit(next);
      if (stack.includes(next)) low.set(folder, Math.min(low.get(folder) as number, low.get(next) as number));
    }
    if (low.get(folder) !== index.get(folder)) return;
    const group = stack.splice(stack.indexOf(folder));
    if (group.length > 1) found.push(group.sort());
  };
  for (const folder of [...edges.keys()].sort()) if (!index.has(folder)) visit(folder);
  return found;
}
