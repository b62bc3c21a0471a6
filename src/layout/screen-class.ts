// Spec §2: screen size class from the window width — 3 from 1200, 2 from 992, 1 from 768, otherwise 0.
import { useEffect, useState } from 'react';
import { settings } from '../config/settings';

export function screenClass(width: number): 0 | 1 | 2 | 3 {
  const { small, medium, large } = settings.breakpoints;
  if (width >= large) return 3;
  if (width >= medium) return 2;
  if (width >= small) return 1;
  return 0;
}

export function useScreenClass(): 0 | 1 | 2 | 3 {
  const [value, setValue] = useState(() => screenClass(window.innerWidth));
  useEffect(() => {
    const update = () => setValue(screenClass(window.innerWidth));
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return value;
}
