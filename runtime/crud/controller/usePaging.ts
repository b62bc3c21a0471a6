// The page on screen and the page size; the size a person chooses is kept with their column settings.
import { useState } from 'react';

export interface Paper {
  current: number;
  size: number;
}

export function usePaging(options: { size: number; onSizeChosen: (size: number) => void }) {
  const [paper, setPaper] = useState<Paper>({ current: 1, size: options.size });
  const set = (next: Paper) => {
    if (next.size !== paper.size) options.onSizeChosen(next.size);
    setPaper(next);
  };
  return { paper, set };
}
