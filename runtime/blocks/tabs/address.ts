// The chosen tab lives in the address's hash (`#tab=refunds`), so a reload or a shared link opens the same tab. The hash,
// not the query, because the shell keys its open pages by path and query.
export function tabInAddress(param: string): string | undefined {
  return new URLSearchParams(window.location.hash.slice(1)).get(param) ?? undefined;
}

export function keepTabInAddress(param: string, key: string): void {
  const hash = new URLSearchParams(window.location.hash.slice(1));
  hash.set(param, key);
  const { pathname, search } = window.location;
  // The router's own state is kept, so its back and forward still work.
  window.history.replaceState(window.history.state, '', `${pathname}${search}#${hash.toString()}`);
}
