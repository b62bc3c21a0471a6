// The code a signed-in console needs on an address, written by the build (scripts/preload-table.ts) for the early
// script (load-ahead.ts): files under assets/, by their index in `files`.

export interface CodeTable {
  /** Every file the table names, under assets/. */
  files: string[];
  /** The signed-in console's layout, antd's core and the runtime's face, on any address but the sign-in and lock. */
  console: number[];
  /** The texts loaded beside the console, by the stored language (zh, zh-Hant, en). */
  texts: Record<string, number[]>;
  /** The definition screens' machinery, on a definition screen's address. */
  definition: number[];
  /** Per address: its own code (a page file and what it extends, the blocks it draws first, a custom view). */
  screens: Record<string, { definition: boolean; files: number[] }>;
}
