// The search panel's state: the values searched for and whether the panel shows.
import { useState } from 'react';
import type { SearchValues } from '../../data/provider';

export function useSearch(initial: SearchValues = {}) {
  const [values, setValues] = useState<SearchValues>(initial);
  const [shown, setShown] = useState(true);
  return { values, setValues, shown, toggle: () => setShown((s) => !s) };
}
