// The page files under pages/ (fragments under _shared/ included), as paths: what the build's checks, the form
// validators, `pages:format` and the tests each read.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export const pagesDir = join(import.meta.dirname, '..', 'pages');

export const pageFiles = (dir = pagesDir): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? pageFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
