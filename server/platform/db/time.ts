// BladeX dates travel and are stored as `yyyy-MM-dd HH:mm:ss` in the server's local time.
const pad = (n: number): string => String(n).padStart(2, '0');

export function formatDateTime(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}:${pad(date.getSeconds())}`;
}

export const now = (): string => formatDateTime(new Date());

export const secondsFromNow = (seconds: number): string => formatDateTime(new Date(Date.now() + seconds * 1000));

/** A stored `yyyy-MM-dd HH:mm:ss`, read back in the server's local time. */
export const parseDateTime = (text: string): Date => new Date(text.replace(' ', 'T'));
