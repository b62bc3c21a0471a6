// One record through its detail call, fetched each time a view opens so it shows the record as the server has it now.
import { useEffect, useState } from 'react';
import type { QueryValue } from '../../http/client';
import { http } from '../../http/client';
import type { Row } from '../../schema/types';

export function useRecord(url: string | undefined, params: Record<string, QueryValue>) {
  const [state, setState] = useState<{ data?: Row; error?: Error }>({});
  const key = JSON.stringify(params);
  useEffect(() => {
    if (!url) return;
    let current = true;
    setState({});
    http.get<Row>(url, JSON.parse(key)).then(
      (data) => current && setState({ data: data ?? {} }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [url, key]);
  return state;
}
