// One record through its detail call, fetched each time a view opens so it shows the record as the server has it now.
import { useEffect, useState } from 'react';
import { useProvider } from '../../config';
import type { QueryValue } from '../../data/provider';
import type { Row } from '../../schema/types';

export function useRecord(url: string | undefined, params: Record<string, QueryValue>) {
  const [state, setState] = useState<{ data?: Row; error?: Error }>({});
  const key = JSON.stringify(params);
  const provider = useProvider();
  useEffect(() => {
    if (!url) return;
    let current = true;
    setState({});
    provider.read<Row>(url, JSON.parse(key)).then(
      (data) => current && setState({ data: data ?? {} }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [provider, url, key]);
  return state;
}
