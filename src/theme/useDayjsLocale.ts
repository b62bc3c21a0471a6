// dayjs speaks the console's language: antd's date pickers name months and weekdays through it (十一月, 日 一 二 …
// in Chinese). The Chinese locale (a kilobyte) is fetched only when Chinese is chosen, long before anyone opens a
// picker's panel, which reads the locale as it opens.
import dayjs from 'dayjs';
import { useEffect } from 'react';

export function useDayjsLocale(language: string): void {
  useEffect(() => {
    let current = true;
    const apply = (name: string) => {
      if (current) dayjs.locale(name);
    };
    if (language === 'en') apply('en');
    else void import('dayjs/locale/zh-cn').then(() => apply('zh-cn'));
    return () => {
      current = false;
    };
  }, [language]);
}
