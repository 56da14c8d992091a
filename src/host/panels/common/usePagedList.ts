import type { TablePaginationConfig } from 'antd';
import { useCallback, useEffect, useState } from 'react';

export interface Paged<R> {
  list: R[];
  total: number;
}

/**
 * A small paged list for the header's dialogs (printers, receiver pickers): the applied query, the page,
 * the rows and a reload. Searching applies a new query and goes back to page 1; an answer that arrives
 * after a newer request started is dropped, so a slow page never overwrites a fresh one. Failures are
 * already shown by the request layer; the rows stay as they were.
 */
export function usePagedList<Q extends object, R>(
  fetchPage: (query: Q & { pageNo: number; pageSize: number }) => Promise<Paged<R>>,
  initialQuery: Q,
  options: { pageSize?: number; enabled?: boolean } = {},
) {
  const [query, setQuery] = useState(initialQuery);
  const [paging, setPaging] = useState({ pageNo: 1, pageSize: options.pageSize ?? 10 });
  const [page, setPage] = useState<Paged<R>>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [version, setVersion] = useState(0);
  const enabled = options.enabled ?? true;

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    fetchPage({ ...query, ...paging })
      .then((p) => live && setPage(p))
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // fetchPage is a module-level API function; the list follows the query, the page and reloads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, query, paging, version]);

  return {
    rows: page.list,
    total: page.total,
    loading,
    ...paging,
    search: useCallback((next: Q) => {
      setQuery(next);
      setPaging((p) => ({ ...p, pageNo: 1 }));
    }, []),
    goTo: useCallback((pageNo: number, pageSize?: number) => {
      setPaging((p) => ({ pageNo, pageSize: pageSize ?? p.pageSize }));
    }, []),
    reload: useCallback(() => setVersion((v) => v + 1), []),
  };
}

/**
 * Selection kept across pages: the rows of the page shown are replaced by those ticked on it, the
 * picks made on other pages stay.
 */
export function mergePicked<P, R>(
  picked: P[],
  keyOfPicked: (p: P) => number,
  shown: R[],
  ticked: (R | undefined)[],
  keyOfRow: (r: R) => number,
  toPicked: (r: R) => P,
): P[] {
  const byKey = new Map(picked.map((p) => [keyOfPicked(p), p]));
  for (const r of shown) byKey.delete(keyOfRow(r));
  for (const r of ticked) if (r) byKey.set(keyOfRow(r), toPicked(r));
  return [...byKey.values()];
}

/** antd pagination bound to a paged list; page sizes are offered when given. */
export function listPagination(
  list: Pick<ReturnType<typeof usePagedList>, 'pageNo' | 'pageSize' | 'total' | 'goTo'>,
  pageSizes?: number[],
): TablePaginationConfig {
  return {
    current: list.pageNo,
    pageSize: list.pageSize,
    total: list.total,
    size: 'small',
    onChange: list.goTo,
    ...(pageSizes ? { showSizeChanger: true, pageSizeOptions: pageSizes } : {}),
  };
}
