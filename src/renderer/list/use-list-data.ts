import { useCallback, useEffect, useRef, useState } from 'react';
import { isCancelError } from '@/runtime/request';
import type { DataProvider, ListResult } from '../data/provider';
import type { ListState } from './url-state';

export interface ListData {
  data: ListResult | undefined;
  loading: boolean;
  /** The last load failed (the request layer showed why); the previous rows stay on screen. */
  failed: boolean;
  reload(): void;
}

/**
 * Loads the page the state describes; a newer state cancels the older request, so a slow answer never
 * overwrites a newer one. Rows of the previous page stay visible while the next one loads.
 */
export function useListData(provider: DataProvider, state: ListState, enabled = true): ListData {
  const [data, setData] = useState<ListResult>();
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [token, setToken] = useState(0);
  const current = useRef<AbortController | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const ctrl = new AbortController();
    current.current?.abort();
    current.current = ctrl;
    setLoading(true);
    provider
      .getList(
        { pageNo: state.pageNo, pageSize: state.pageSize, sort: state.sort, filters: state.search },
        ctrl.signal,
      )
      .then((result) => {
        if (ctrl.signal.aborted) return;
        setData(result);
        setFailed(false);
      })
      .catch((err: unknown) => {
        if (ctrl.signal.aborted || isCancelError(err)) return;
        setFailed(true);
      })
      .finally(() => {
        if (!ctrl.signal.aborted) setLoading(false);
      });
    return () => ctrl.abort();
  }, [provider, state, token, enabled]);
  const reload = useCallback(() => setToken((t) => t + 1), []);
  return { data, loading, failed, reload };
}
