// The choices of a select that searches its list on the server (lookupSelect's `search`): the first page when the
// select opens, the rows matching what the person types (asked once typing pauses), and the next page when the list
// is scrolled to its end. A chosen row keeps its name while the search moves on.
import type { UIEvent } from 'react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useProvider } from '../../config';
import { type LookupItem, type LookupSpec, searchedLabel, searchLookup } from '../../data/lookup';

/** How long typing must pause before the server is asked. */
const TYPING_PAUSE_MS = 300;

export interface SearchedChoices {
  items: LookupItem[];
  loading: boolean;
  showSearch: { filterOption: false; onSearch: (text: string) => void };
  onOpenChange: (open: boolean) => void;
  onPopupScroll: (event: UIEvent<HTMLDivElement>) => void;
}

/** Undefined when the select has no `search` parameter: it reads its whole list instead. */
export function useSearchedChoices(
  spec: LookupSpec,
  param: string | undefined,
  chosen: string[],
  waiting: boolean,
): SearchedChoices | undefined {
  const [opened, setOpened] = useState(false);
  const [text, setText] = useState('');
  const [found, setFound] = useState<{ items: LookupItem[]; page: number; more: boolean }>();
  const [loading, setLoading] = useState(false);
  const asked = useRef(0);
  const provider = useProvider();
  const specKey = JSON.stringify(spec);
  const active = param !== undefined && opened && !waiting;

  const ask = (page: number, typed: string) => {
    if (param === undefined) return;
    const ticket = ++asked.current;
    setLoading(true);
    searchLookup(provider, JSON.parse(specKey) as LookupSpec, param, typed, page)
      .then(({ items, more }) => {
        if (ticket !== asked.current) return;
        setFound((before) => ({ items: page === 1 ? items : [...(before?.items ?? []), ...items], page, more }));
      })
      .catch(() => {})
      .finally(() => {
        if (ticket === asked.current) setLoading(false);
      });
  };

  // Asked again when the text, the list or the opening changes; the first page at once, a typed text after a pause.
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => ask(1, text), text ? TYPING_PAUSE_MS : 0);
    return () => clearTimeout(timer);
  }, [active, text, specKey]);

  const chosenKey = chosen.join(',');
  const items = useMemo(() => {
    const shown = found?.items ?? [];
    const spec = JSON.parse(specKey) as LookupSpec;
    // A chosen row the current page does not hold is still named, so the select does not show its bare key.
    const kept = chosenKey
      .split(',')
      .filter((key) => key && !shown.some((item) => item.value === key))
      .map((key) => ({ value: key, label: searchedLabel(spec, key) ?? key }));
    return [...kept, ...shown];
  }, [found, chosenKey, specKey]);

  if (param === undefined) return undefined;
  return {
    items,
    loading,
    showSearch: { filterOption: false, onSearch: setText },
    onOpenChange: (open) => {
      setOpened(open);
      if (!open) setText('');
    },
    onPopupScroll: (event) => {
      const list = event.currentTarget;
      const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 8;
      if (atEnd && found?.more && !loading) ask(found.page + 1, text);
    },
  };
}
