// Figures of the low-code runtime for `npm run bench`: the render cost of a 200-row list through the runtime against
// the same list written by hand. (What the runtime weighs is measured in the browser, by the shell part.)
//
// The render runs in a process of its own: it turns that process into a jsdom page with a fake `fetch`, and React's
// scheduler keeps using them after the last render. In the bench's own process the shell part then polled its server
// with the fake `fetch`, took the instant answer for "listening" and sent Chromium to a port nobody served yet.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

const marker = 'RENDER-FIGURES ';

export async function benchRuntime(): Promise<Record<string, string | number>> {
  const output = execFileSync(
    join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx'),
    [join(import.meta.dirname, 'render-process.ts')],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const line = output.split('\n').find((text) => text.startsWith(marker));
  if (!line) throw new Error(`the render bench printed no figures:\n${output}`);
  return JSON.parse(line.slice(marker.length));
}
