// A script that never arrived (a lazy block's chunk, after a deploy or on a bad network) is not the fault of what was
// being drawn: the console's boundaries tell it apart to offer a reload rather than blame the page.

export const isChunkLoadError = (error: Error): boolean =>
  error.name === 'ChunkLoadError' ||
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    error.message,
  );
