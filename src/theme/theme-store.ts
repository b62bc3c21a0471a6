// The chosen theme and primary colour, persisted in local storage.
import { useSyncExternalStore } from 'react';
import { settings } from '../config/settings';
import { getStore, setStore } from '../session/storage';
import { isThemeName, type ThemeName } from './theme-names';

export interface ThemeChoice {
  name: ThemeName;
  color: string;
}

const colorPattern = /^#[0-9a-f]{6}$/i;

function read(): ThemeChoice {
  const name = getStore<string>('theme-name');
  const color = getStore<string>('color-name');
  return {
    name: isThemeName(name) ? name : (settings.defaultTheme as ThemeName),
    color: color && colorPattern.test(color) ? color : settings.defaultColor,
  };
}

let choice = read();
const listeners = new Set<() => void>();

function publish(next: ThemeChoice): void {
  choice = next;
  setStore('theme-name', next.name);
  setStore('color-name', next.color);
  document.body.className = next.name;
  for (const listener of listeners) listener();
}

export const themeStore = {
  get: (): ThemeChoice => choice,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setTheme: (name: ThemeName) => publish({ ...choice, name }),
  setColor: (color: string) => publish({ ...choice, color }),
};

export const useThemeChoice = (): ThemeChoice =>
  useSyncExternalStore(themeStore.subscribe, themeStore.get, themeStore.get);
