// What a production build refuses: every page file with the checks of runtime/schema/check-page.ts (the JSON, the
// schema, the registry's names, formatter and widget options), each problem one readable line with the file, line,
// column, JSON path and "did you mean", in English then Chinese. Pages that extend another are checked merged.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkPage, type DefinitionProblem } from '../runtime/schema/check-page';
import { pageFiles, pagesDir } from './page-files';

const root = join(import.meta.dirname, '..');

/** `pages/x.json:12:9 /blocks/0/columns/2/format: unknown formatter "mony"; did you mean "money"? / 未知的格式 "mony"` */
export function problemLine(problem: DefinitionProblem, file: string): string {
  const where = [problem.file ?? file, problem.line, problem.column].filter((part) => part !== undefined).join(':');
  const offer = (text: string, ask: string) => (problem.suggestion ? `${text}; ${ask} "${problem.suggestion}"?` : text);
  return `${where} ${problem.path}: ${offer(problem.message, 'did you mean')} / ${offer(problem.zh, '是否想写')}`;
}

/** The problems of every page file under pages/, one line each. */
export function pageFileProblems(dir = pagesDir): string[] {
  const files = pageFiles(dir).map((path) => ({ file: relative(root, path), text: readFileSync(path, 'utf8') }));
  const pages: Record<string, unknown> = {};
  for (const { file, text } of files) {
    try {
      pages[relative(dir, join(root, file)).replace(/\.json$/, '')] = JSON.parse(text);
    } catch {
      // A broken file is named by its own check below.
    }
  }
  return files.flatMap(({ file, text }) =>
    checkPage(text, { file, pages }).map((problem) => problemLine(problem, file)),
  );
}

// Run by the production build (scripts/definition-validator.ts): the problems on stdout, and a failing exit.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const problems = pageFileProblems();
  for (const line of problems) console.log(line);
  process.exitCode = problems.length ? 1 : 0;
}
