// The browser tab shows the page's title in the current language (spec §2: 登录 on sign-in; a language change
// updates it).
import { useEffect } from 'react';

export function usePageTitle(title: string): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
