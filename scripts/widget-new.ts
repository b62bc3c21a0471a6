// `npm run widget:new -- NAME --kind cell|form|action [--root DIR]`: a new formatter (a cell), form widget or row
// action of the console, ready to be named from a page. It writes the component (src/widgets/NAME/), declares its
// options in runtime/schema/options.schema.json (which is also what makes the checks outside the console know the
// name: runtime/registry-names.ts), lists it in the console's registry list (src/config/widgets.ts), writes a
// render test (tests/src/widgets/) and the key reference of runtime/README.md. `--root` works on another copy of the
// console (the command's own test). A bad name is refused before anything is written.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { rjsfWidgets } from '../runtime/schema/rjsf-widgets';
import { widgetTemplates } from './widget-templates';

const kinds = ['cell', 'form', 'action'] as const;
type WidgetKind = (typeof kinds)[number];

/** Where the console registers its own formatters, widgets and actions. */
const registrationFile = join('src', 'config', 'widgets.ts');
const optionsFile = join('runtime', 'schema', 'options.schema.json');
const readmeFile = join('runtime', 'README.md');

/** The group of options.schema.json, and the registry's function, of each kind. */
const declaredAs = { cell: 'formatters', form: 'widgets', action: 'actions' } as const;
const kindWords = { formatters: 'formatter', widgets: 'widget', actions: 'action' } as const;

class WidgetNameRefused extends Error {}

type Declared = Record<'formatters' | 'widgets' | 'actions', Record<string, unknown>>;

/** Why `name` cannot be the name of a new formatter, widget or action, or nothing when it can. */
function refusal(name: string, root: string): string | undefined {
  if (!/^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/.test(name))
    return `"${name}" is not a camelCase name: a lower-case letter first, then letters and digits, each word after the first starting with a capital ("rideStars")`;
  if (rjsfWidgets.includes(name)) return `"${name}" is the name of a widget rjsf itself provides; choose another name`;
  const declared = JSON.parse(readFileSync(join(root, optionsFile), 'utf8')) as Declared;
  const holders = (Object.keys(kindWords) as (keyof Declared)[]).filter((kind) => name in (declared[kind] ?? {}));
  if (holders.length) {
    const what = holders.map((kind) => kindWords[kind]).join(' and ');
    const whose = existsSync(join(root, 'src', 'widgets', name))
      ? `the console's own (src/widgets/${name})`
      : 'a built-in';
    return `"${name}" is taken: it is the name of ${whose} ${what} (${optionsFile}); choose another name`;
  }
  if (existsSync(join(root, 'src', 'widgets', name))) return `src/widgets/${name} already exists; choose another name`;
  return undefined;
}

const pascal = (name: string) => name[0].toUpperCase() + name.slice(1);

function write(root: string, file: string, text: string, written: string[]) {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), text);
  written.push(file);
}

/** Adds the component's entry to its group of the console's registry list (and its import, unless loaded later). */
function registered(source: string, name: string, kind: WidgetKind, component: string): string {
  const group = declaredAs[kind];
  const module = `../widgets/${name}/${component}`;
  // An action's dialog loads when it is first opened; a cell or a field is drawn with the list or the form.
  const value =
    kind === 'action' ? `lazy(() => import('${module}'))` : kind === 'cell' ? `${name}Format` : `${component}Widget`;
  const opening = new RegExp(`^  ${group}: \\{`, 'm');
  const found = source.match(opening);
  if (!found) throw new Error(`${registrationFile} has no "${group}" group in its list`);
  const at = (found.index ?? 0) + found[0].length;
  let text = `${source.slice(0, at)} ${name}: ${value},${source.slice(at)}`;
  if (kind !== 'action') {
    const imports = [...text.matchAll(/^import .*;$/gm)];
    const last = imports[imports.length - 1];
    const end = (last.index ?? 0) + last[0].length;
    text = `${text.slice(0, end)}\nimport { ${value} } from '${module}';${text.slice(end)}`;
  }
  return text;
}

/** Writes the new formatter, widget or action into the console at `root`; answers the files written or changed. */
async function newWidget(name: string, kind: WidgetKind, root: string): Promise<string[]> {
  const refused = refusal(name, root);
  if (refused) throw new WidgetNameRefused(refused);
  const component = pascal(name);
  const templates = widgetTemplates(name, component)[kind];
  const written: string[] = [];
  const componentFile = join('src', 'widgets', name, `${component}.tsx`);
  write(root, componentFile, templates.component, written);
  write(root, join('tests', 'src', 'widgets', `${name}.test.tsx`), templates.test, written);

  const declared = JSON.parse(readFileSync(join(root, optionsFile), 'utf8')) as Declared;
  declared[declaredAs[kind]] = { ...declared[declaredAs[kind]], [name]: templates.options };
  write(root, optionsFile, `${JSON.stringify(declared, null, 2)}\n`, written);

  const registration = readFileSync(join(root, registrationFile), 'utf8');
  write(root, registrationFile, registered(registration, name, kind, component), written);

  // The key reference lists every declared option; it is written from the copy's own schemas.
  const docs = spawnSync(process.execPath, ['--import', 'tsx', join('scripts', 'schema-docs.ts')], {
    cwd: root,
    encoding: 'utf8',
  });
  if (docs.status !== 0) throw new Error(`the key reference could not be written:\n${docs.stderr}`);
  written.push(readmeFile);

  // Written as Biome writes them, so the check before a commit finds nothing to change.
  const biome = spawnSync(join(root, 'node_modules', '.bin', 'biome'), ['check', '--write', ...written], {
    cwd: root,
    encoding: 'utf8',
  });
  if (biome.status !== 0) throw new Error(`biome could not format the new files:\n${biome.stdout}${biome.stderr}`);
  return written;
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { kind: { type: 'string' }, root: { type: 'string' } },
  });
  const [name] = positionals;
  const kind = values.kind as WidgetKind | undefined;
  const root = values.root ?? join(import.meta.dirname, '..');
  if (!name || positionals.length > 1 || !kind || !kinds.includes(kind)) {
    console.error('usage: npm run widget:new -- NAME --kind cell|form|action');
    console.error(
      "  cell: a formatter of a column's cells; form: a widget of a form field; action: a row or toolbar action",
    );
    process.exit(1);
  }
  try {
    const written = await newWidget(name, kind, root);
    for (const file of written) console.log(`wrote ${relative(process.cwd(), join(root, file)) || file}`);
    console.log(widgetTemplates(name, pascal(name))[kind].usage);
  } catch (error) {
    if (!(error instanceof WidgetNameRefused)) throw error;
    console.error(`widget:new: ${error.message}`);
    process.exit(1);
  }
}

if (process.argv[1] === import.meta.filename) await main();
