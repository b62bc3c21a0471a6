// What the page sends before the console's code has loaded (send-ahead.ts): the table the build writes for it
// (scripts/calls-ahead.ts), and the calls it leaves for the console's request client to take (take-ahead.ts).
import type { Query } from '@ride-console/runtime';

export interface AheadTable {
  /** Prefix of the console's stored values (settings.storagePrefix). */
  prefix: string;
  /** Key prefix of what a person chose for a list, such as its page size (runtime/crud/controller/viewSettings.ts). */
  viewSettings: string;
  /** The client's Basic credentials, which every call carries. */
  authorization: string;
  timeoutMs: number;
  /** Rows a list shows first unless the person chose otherwise. */
  pageSize: number;
  /** The menu's calls, which the signed-in console makes first on any address. */
  menu: string[];
  /** The call for a page's version published in the studio, asked with `pageId`. */
  published: string;
  /** Per address of a definition screen: its page, and the call its own list opens with but for the page. */
  screens: Record<string, { page: string; url: string; filters: Query; paged: boolean }>;
}

export interface SentCall {
  url: string;
  /** The token it was sent with: a console that has refreshed its token since asks again. */
  token: string;
  /** When it was sent, in the page's clock. */
  at: number;
  answer: Promise<Response>;
}

declare global {
  interface Window {
    rideSentAhead?: SentCall[];
  }
}
