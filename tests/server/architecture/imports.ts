// Reads every import of the server, the console, the runtime and the shared facts, and checks it against the areas'
// allowed directions (each area's README says the same in words).
import fs from 'node:fs';
import path from 'node:path';

export interface Import {
  from: string;
  /** The repository path imported: the file a package name's export opens, or the path as written. */
  to: string;
  /** How a non-relative import was written (`@ride-console/runtime/studio`, `import(…)`). */
  specifier?: string;
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

/** Static imports and re-exports, `import('…')`. */
const IMPORT =
  /(?:^|[^\w.])(?:import|export)\s(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
/** `import(`…`)`: the path up to its first `${…}` is what the walls can check. */
const TEMPLATE_IMPORT = /(?:^|[^\w.])import\(\s*`([^`$]*)/g;
/** `import(expression)`: a path computed at run time. */
const COMPUTED_IMPORT = /(?:^|[^\w.])import\(\s*(?!['"`)\s])/g;
/** A require function made with `createRequire(…)`, by the name it is bound to. */
const MADE_REQUIRE = /(?:const|let|var)\s+(\w+)\s*=\s*createRequire\(/g;
/** The first argument of a call, when it is a string or the start of a template. */
const LITERAL_ARGUMENT = /\(\s*(?:['"]([^'"]+)['"]|`([^`$]*))/.source;

/** Block and line comments blanked out (a URL's `//` inside a string is kept): imports named in prose are not imports. */
const withoutComments = (text: string) =>
  text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The runtime's package (runtime/package.json): its name and the files its exports map opens, by specifier. */
export interface RuntimePackage {
  name: string;
  entries: Record<string, string>;
}

export function readRuntimePackage(root: string): RuntimePackage {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'runtime', 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, string>;
  };
  const entries = Object.fromEntries(
    Object.entries(manifest.exports).map(([subpath, file]) => [
      path.posix.join(manifest.name, subpath),
      path.posix.join('runtime', file),
    ]),
  );
  return { name: manifest.name, entries };
}

/** Every import of one file's source text that the walls check: relative paths and the runtime's package name, by
 * static import, `import()` (a template literal's fixed start; a computed path as `(computed)`), `require` and a
 * require made with `createRequire`. */
export function importsOf(file: string, source: string, runtime: RuntimePackage = runtimePackage): Import[] {
  const text = withoutComments(source);
  const found: Import[] = [];
  const add = (specifier: string) => {
    if (specifier.startsWith('.'))
      found.push({
        from: file,
        to: path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)).replace(/\/$/, ''),
      });
    else if (specifier === runtime.name || specifier.startsWith(`${runtime.name}/`))
      found.push({ from: file, to: runtime.entries[specifier] ?? specifier, specifier });
  };
  for (const match of text.matchAll(IMPORT)) add(match[1] ?? match[2]);
  for (const match of text.matchAll(TEMPLATE_IMPORT)) add(match[1]);
  for (const _ of text.matchAll(COMPUTED_IMPORT)) found.push({ from: file, to: COMPUTED, specifier: 'import(…)' });
  const requires = ['require', ...[...text.matchAll(MADE_REQUIRE)].map((match) => match[1])];
  const calls = new RegExp(
    `(?:(?:^|[^\\w.])(?:${requires.join('|')})|createRequire\\([^()]*(?:\\([^()]*\\))?[^()]*\\))${LITERAL_ARGUMENT}`,
    'gm',
  );
  for (const match of text.matchAll(calls)) add(match[1] ?? match[2]);
  return found;
}

const root = path.resolve(import.meta.dirname, '..', '..', '..');
/** This repository's runtime package. */
export const runtimePackage = readRuntimePackage(root);

/** The `to` of an import whose path is computed at run time. */
export const COMPUTED = '(computed)';

function sourceFiles(root: string, folder: string): string[] {
  const full = path.join(root, folder);
  if (!fs.existsSync(full)) return [];
  return fs
    .readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => path.posix.join(folder, name.split(path.sep).join('/')));
}

/** Every import the walls check in the checked folders, as repository paths. */
export function readImports(root: string): Import[] {
  const runtime = readRuntimePackage(root);
  return ['server', 'src', 'runtime', 'facts']
    .flatMap((folder) => sourceFiles(root, folder))
    .flatMap((file) => importsOf(file, fs.readFileSync(path.join(root, file), 'utf8'), runtime));
}

/** Walls inside the runtime (runtime/README.md, "Entries"): the shell's part, which the sign-in page loads alone,
 * imports nothing of the screens. A path is a file (without its extension) or a folder ending in `/`. */
export const INNER_WALLS = [
  {
    part: "the runtime's shell part",
    files: [
      'runtime/shell',
      'runtime/client',
      'runtime/http/',
      'runtime/i18n/texts',
      'runtime/i18n/locale-files',
      'runtime/i18n/locale-table',
      'runtime/i18n/runtime-texts',
      'runtime/page/chunk-load',
      'runtime/page/ready-lazy',
    ],
  },
];

const withoutExtension = (file: string) => file.replace(/\.(tsx?|js)$/, '');
const inPart = (file: string, files: readonly string[]) =>
  files.some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : withoutExtension(file) === entry));

/** One line per import against the rules: a wall crossed (the console past the runtime's exports, a computed path in
 * the console, a wall inside the runtime), or a cycle between the money folders. */
export function crossings(imports: readonly Import[], runtime: RuntimePackage = runtimePackage): string[] {
  const found: string[] = [];
  const moneyEdges = new Map<string, Set<string>>();
  const exportsList = Object.keys(runtime.entries).join(', ');
  for (const { from, to, specifier } of imports) {
    const source = areaOf(from);
    if (to === COMPUTED) {
      if (source === 'console')
        found.push(`${from} imports a path computed at run time (${specifier}): the console writes its imports out`);
      continue;
    }
    if (specifier && !to.startsWith('runtime/')) {
      found.push(`${from} imports ${specifier}: not an export of the runtime (${exportsList})`);
      continue;
    }
    const target = areaOf(to);
    if (source === 'console' && target === 'runtime' && !specifier)
      found.push(`${from} imports ${to}: the console imports the runtime only through its exports (${exportsList})`);
    for (const wall of INNER_WALLS)
      if (inPart(from, wall.files) && to.startsWith('runtime/') && !inPart(to, wall.files))
        found.push(`${from} imports ${to}: ${wall.part} imports only ${wall.files.join(', ')}`);
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
