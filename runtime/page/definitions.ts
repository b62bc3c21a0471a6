// The definition files under pages/, each loaded only when its screen opens.
const files = import.meta.glob<unknown>('/pages/**/*.json', { import: 'default' });

export const definitionFile = (pageId: string): string => `pages/${pageId}.json`;

export function hasDefinition(pageId: string): boolean {
  return `/${definitionFile(pageId)}` in files;
}

export async function loadDefinition(pageId: string): Promise<unknown> {
  const load = files[`/${definitionFile(pageId)}`];
  return load ? load() : undefined;
}
