// The path of runtime/README.md "For developers: adding a widget, formatter or action", followed in a copy of the
// console: `npm run widget:new` writes a formatter, a form widget and an action, a page names all three with their
// options, and with no other edit the page passes the build's check (scripts/page-files-check.ts) and npm test's page
// checks (tests/pages/definitions.test.ts), the three render tests the command wrote pass, and the types hold. A bad
// name is refused with nothing written. The copy is removed afterwards.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
let copy: string;

/** Runs a command in the copy; node_modules is the console's own, linked. */
function run(command: string, args: string[]) {
  const done = spawnSync(command, args, {
    cwd: copy,
    encoding: 'utf8',
    env: { ...process.env, CI: '1', NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  return { status: done.status, out: `${done.stdout}${done.stderr}` };
}

const widgetNew = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'scripts/widget-new.ts', ...args]);
const read = (file: string) => readFileSync(join(copy, file), 'utf8');

const label = (zh: string, en: string) => ({ zh, en });
const page = (format: object, field: object, action: object) => ({
  $schema: '../../runtime/schema/page.schema.json',
  id: 'demo/widgets',
  title: label('示例', 'Example'),
  blocks: [
    {
      type: 'list',
      api: { list: '/api/blade-system/dept/list' },
      columns: [
        { field: 'deptName', label: label('名称', 'Name') },
        { field: 'sort', label: label('评分', 'Score'), format },
      ],
      form: { fields: { deptName: field } },
      rowActions: [{ id: 'printLabel', label: label('打印标签', 'Print labels'), permission: 'dept_edit', ...action }],
    },
  ],
});
const usingAll = page(
  { name: 'rideStars', max: 5 },
  { widget: 'plateInput', options: { capitals: true } },
  { action: 'printLabel', options: { title: label('打印标签', 'Print labels'), field: 'deptName' } },
);
const pageFile = 'pages/demo/widgets.json';
const writePage = (definition: object) => {
  mkdirSync(join(copy, dirname(pageFile)), { recursive: true });
  writeFileSync(join(copy, pageFile), `${JSON.stringify(definition, null, 2)}\n`);
};

beforeAll(() => {
  copy = mkdtempSync(join(tmpdir(), 'widget-new-'));
  const files = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: root,
    encoding: 'utf8',
  }).stdout.split('\0');
  for (const file of files.filter(Boolean)) {
    try {
      cpSync(join(root, file), join(copy, file));
    } catch (error) {
      // A file deleted but not yet committed is listed and absent.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));
}, 120_000);

afterAll(() => {
  if (copy) rmSync(copy, { recursive: true, force: true });
});

describe('npm run widget:new', () => {
  it('refuses a name that is not camelCase, taken or a built-in, and writes nothing', () => {
    const before = read('runtime/schema/options.schema.json');
    expect(widgetNew('Ride-stars', '--kind', 'cell')).toMatchObject({
      status: 1,
      out: expect.stringContaining('"Ride-stars" is not a camelCase name'),
    });
    expect(widgetNew('money', '--kind', 'cell')).toMatchObject({
      status: 1,
      out: expect.stringContaining('"money" is taken: it is the name of a built-in formatter and widget'),
    });
    expect(widgetNew('textarea', '--kind', 'form')).toMatchObject({
      status: 1,
      out: expect.stringContaining('"textarea" is the name of a widget rjsf itself provides'),
    });
    expect(widgetNew('rideStars', '--kind', 'chart')).toMatchObject({
      status: 1,
      out: expect.stringContaining('usage'),
    });
    expect(read('runtime/schema/options.schema.json')).toBe(before);
    expect(existsSync(join(copy, 'src', 'widgets'))).toBe(false);
    expect(existsSync(join(copy, 'tests', 'src', 'widgets'))).toBe(false);
  });

  it('writes a formatter, a widget and an action that a page names and the checks accept with no other edit', () => {
    // The premise: before the command, the build's check refuses the page's names as unknown.
    writePage(usingAll);
    const refused = run(process.execPath, ['--import', 'tsx', 'scripts/page-files-check.ts']);
    expect(refused.status).toBe(1);
    expect(refused.out).toContain('unknown formatter "rideStars"');
    rmSync(join(copy, pageFile));

    expect(widgetNew('rideStars', '--kind', 'cell')).toMatchObject({ status: 0 });
    expect(widgetNew('plateInput', '--kind', 'form')).toMatchObject({ status: 0 });
    expect(widgetNew('printLabel', '--kind', 'action')).toMatchObject({ status: 0 });
    expect(widgetNew('rideStars', '--kind', 'form')).toMatchObject({
      status: 1,
      out: expect.stringContaining("the console's own (src/widgets/rideStars) formatter"),
    });

    writePage(usingAll);
    expect(run(process.execPath, ['--import', 'tsx', 'scripts/page-files-check.ts'])).toEqual({ status: 0, out: '' });

    // An option the new widget does not declare is refused, named with the one it declares.
    writePage(
      page(
        { name: 'rideStars', max: 5 },
        { widget: 'plateInput', options: { capital: true } },
        { action: 'printLabel', options: { title: label('打印标签', 'Print labels') } },
      ),
    );
    const misspelt = run(process.execPath, ['--import', 'tsx', 'scripts/page-files-check.ts']);
    expect(misspelt.status).toBe(1);
    expect(misspelt.out).toContain(
      '/blocks/0/form/fields/deptName/options: unknown property "capital"; did you mean "capitals"?',
    );

    writePage(usingAll);
    const tests = run('npx', [
      'vitest',
      'run',
      'tests/src/widgets',
      'tests/pages/definitions.test.ts',
      'tests/schema/readme.test.ts',
    ]);
    expect(tests.out).toMatch(/Test Files +5 passed/);
    expect(tests.status).toBe(0);

    // The types of what the command wrote and of what it edited, with all they import (the rest of the console is
    // the lint step's: checking it again here would double the test's time).
    writeFileSync(
      join(copy, 'tsconfig.widgets.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        include: ['src/widgets', 'src/config/widgets.ts', 'tests/src/widgets', 'runtime/**/*.d.ts'],
      }),
    );
    const types = run('npx', ['tsc', '-p', 'tsconfig.widgets.json', '--noEmit']);
    expect(types).toEqual({ status: 0, out: '' });
    const formatted = run('npx', ['biome', 'check', 'src/widgets', 'tests/src/widgets', 'src/config/widgets.ts']);
    expect(formatted.status).toBe(0);
    // A run of vitest, tsc and the checks in a copy, on a machine shared with others.
  }, 900_000);
});
