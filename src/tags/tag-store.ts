// Open tabs, kept in local storage so a reload shows the same tabs; cleared with the session.
import { useSyncExternalStore } from 'react';
import { settings } from '../config/settings';
import { session } from '../session/session-store';
import { getStore, removeStore, setStore } from '../session/storage';
import { closeAllTags, closeOtherTags, closeTag, openTag, type Tag } from './tag-rules';

const storeName = 'tag-list';

export const homeTag: Tag = {
  key: settings.homePath,
  fullPath: settings.homePath,
  label: '首页',
  i18n: 'home',
  closable: settings.homeClosable,
};

function withHome(tags: Tag[]): Tag[] {
  const rest = tags.filter((tag) => tag.key !== homeTag.key);
  return [homeTag, ...rest];
}

// Tabs left by a session whose token is gone are not shown to the next one.
let tags: Tag[] = withHome((session.get().token && getStore<Tag[]>(storeName)) || []);
const listeners = new Set<() => void>();

function publish(next: Tag[]): void {
  tags = next;
  setStore(storeName, tags);
  for (const listener of listeners) listener();
}

export const tagStore = {
  get: (): Tag[] => tags,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  open: (tag: Tag) => publish(openTag(tags, tag)),
  /** Returns the tab to show when the active one was closed. */
  close(key: string, activeKey: string): Tag | undefined {
    const result = closeTag(tags, key, activeKey);
    publish(result.tags);
    return result.next;
  },
  closeOthers: (key: string) => publish(closeOtherTags(tags, key)),
  closeAll: () => publish(closeAllTags(tags, homeTag)),
  clear(): void {
    removeStore(storeName);
    tags = [homeTag];
    for (const listener of listeners) listener();
  },
};

session.onClear(() => tagStore.clear());

export const useTags = (): Tag[] => useSyncExternalStore(tagStore.subscribe, tagStore.get, tagStore.get);
