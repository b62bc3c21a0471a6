// Where a page's version published in the studio is asked for (with `pageId`): by the runtime as a screen opens
// (runtime-setup.ts), and on a reload before the console's code has loaded (src/ahead/).
export const publishedCall = '/api/blade-system/page-definition/published';

/** Where the console tells the studio that a published version could not be drawn (docs/studio.md). */
export const failureCall = '/api/blade-system/page-definition/failure';
