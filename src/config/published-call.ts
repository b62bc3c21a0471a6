// Where a page's version published in the studio is asked for (with `pageId`): by the runtime as a screen opens
// (runtime-setup.ts), and on a reload before the console's code has loaded (src/ahead/).
export const publishedCall = '/api/blade-system/page-definition/published';
