// The console's stored values as the early scripts read them, before any of its code has loaded.

export function readJson(area: Storage, key: string): unknown {
  try {
    return JSON.parse(area.getItem(key) ?? 'null') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The console keeps its values as `{content, dataType, datetime}` (src/session/storage.ts). */
export const stored = (area: Storage, key: string): unknown =>
  (readJson(area, key) as { content?: unknown } | undefined)?.content;
