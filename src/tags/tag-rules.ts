// The tag bar's rules (spec §2), as pure functions over the list of open tabs.

export interface Tag {
  /** The route path without query: one tab per page. */
  key: string;
  /** Where the tab leads, with its query. */
  fullPath: string;
  label: string;
  /** Translation key for the label, when the page has one. */
  i18n?: string;
  closable: boolean;
}

/** Opening a page adds a tab unless one exists; an existing tab keeps its place and takes the new query. */
export function openTag(tags: Tag[], tag: Tag): Tag[] {
  const index = tags.findIndex((item) => item.key === tag.key);
  if (index === -1) return [...tags, tag];
  if (tags[index].fullPath === tag.fullPath) return tags;
  return tags.map((item, position) => (position === index ? { ...item, fullPath: tag.fullPath } : item));
}

export interface Closing {
  tags: Tag[];
  /** Where to go when the active tab was closed. */
  next?: Tag;
}

/** The last tab cannot be closed; closing the active one opens the previous, or the first. */
export function closeTag(tags: Tag[], key: string, activeKey: string): Closing {
  const index = tags.findIndex((item) => item.key === key);
  if (index === -1 || tags.length <= 1 || !tags[index].closable) return { tags };
  const rest = tags.filter((item) => item.key !== key);
  if (key !== activeKey) return { tags: rest };
  return { tags: rest, next: rest[index - 1] ?? rest[0] };
}

/** Keeps the tabs that cannot be closed and the given one. */
export const closeOtherTags = (tags: Tag[], key: string): Tag[] =>
  tags.filter((item) => item.key === key || !item.closable);

/** Keeps only the home tab. */
export const closeAllTags = (tags: Tag[], home: Tag): Tag[] => [tags.find((item) => item.key === home.key) ?? home];
