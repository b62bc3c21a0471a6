// What the runtime takes from the console it runs in: the registry, the data provider and the shell's settings (page
// sizes, dialog width, upload limits). The shell configures it once at start (its registry drawn over the runtime's
// built-ins); a test or a second console hands its own to RuntimeProvider, taken as given.
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { DataProvider } from './data/provider';
import { layered, type Registry, registry } from './registry';

export interface RuntimeSettings {
  /** Rows a list shows first. */
  pageSize: number;
  /** Page sizes a person may choose. */
  pageSizes: number[];
  /** Width of the add / edit / view dialog and of drawers, in pixels, unless a definition gives one. */
  dialogWidth: number;
  /** Largest image an image field accepts, in KB, unless a definition gives one. */
  imageMaxKb: number;
  /** Windows narrower than this (in pixels) get the phone layouts: lists as cards, dialogs over the whole screen. */
  phoneWidth: number;
}

export interface RuntimeConfig extends RuntimeSettings {
  registry: Registry;
  /** Where every screen's data comes from and goes to. */
  provider: DataProvider;
}

/** Until a host hands one in, every call is refused with what is missing: a screen never reaches a server by itself. */
const missing = (): Promise<never> => Promise.reject(new Error('no data provider handed to the runtime'));
const noProvider: DataProvider = {
  list: missing,
  read: missing,
  submit: missing,
  remove: missing,
  dictionary: missing,
  fieldLimits: missing,
  send: missing,
};

let configured: RuntimeConfig = {
  pageSize: 10,
  pageSizes: [10, 30, 50, 100, 200],
  dialogWidth: 880,
  imageMaxKb: 500,
  phoneWidth: 768,
  registry,
  provider: noProvider,
};

/** The console's settings, given once at start; every screen opened afterwards uses them. A registry given here is
 * drawn over the runtime's built-ins: the console's names win, the built-ins stay. */
export function configureRuntime(config: Partial<RuntimeConfig>): void {
  configured = { ...configured, ...config };
  if (config.registry) configured.registry = layered(config.registry, registry);
}

/** The configured runtime, outside React (the shell's choice of a menu path's screen). */
export const configuredRuntime = (): RuntimeConfig => configured;

const RuntimeContext = createContext<RuntimeConfig | undefined>(undefined);

export function useRuntime(): RuntimeConfig {
  return useContext(RuntimeContext) ?? configured;
}

/** Screens inside use `value` over the configured runtime (their own registry or provider, other page sizes). */
export function RuntimeProvider({ value, children }: { value: Partial<RuntimeConfig>; children: ReactNode }) {
  const outer = useRuntime();
  const merged = useMemo(() => ({ ...outer, ...value }), [outer, value]);
  return <RuntimeContext.Provider value={merged}>{children}</RuntimeContext.Provider>;
}

/** The data provider of the screen: the one handed to RuntimeProvider, else the configured one. */
export const useProvider = (): DataProvider => useRuntime().provider;
