// The access token is also kept in a cookie that lives two hours (spec §9), as Saber does.
import { settings } from '../config/settings';

const cookieName = () => `${settings.storagePrefix}-access-token`;

export function setTokenCookie(token: string): void {
  const expires = new Date(Date.now() + settings.tokenCookieMs).toUTCString();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers staff still use
  document.cookie = `${cookieName()}=${encodeURIComponent(token)}; expires=${expires}; path=/; SameSite=Lax`;
}

export function getTokenCookie(): string | undefined {
  const prefix = `${cookieName()}=`;
  const part = document.cookie.split('; ').find((item) => item.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) : undefined;
}

export function removeTokenCookie(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: see setTokenCookie
  document.cookie = `${cookieName()}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}
