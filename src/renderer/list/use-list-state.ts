import { useEffect } from 'react';
import { useTabState } from '@/runtime/tabs';
import { useRendererHost } from '../host';
import type { PageModel } from '@/schema/resolve/page';
import { decodeListState, encodeListState, type ListState } from './url-state';

/**
 * The list's view (search values, page, page size, sort): kept with the tab (revisiting it restores
 * the view), first read from the query string (a link reopens the same view), and written back to the
 * query string on every change.
 */
export function useListState(model: PageModel): [ListState, (next: ListState) => void] {
  const host = useRendererHost();
  const [state, setState] = useTabState<ListState>(`list:${model.page.name}`, () =>
    decodeListState(host.readSearch(), model.url),
  );
  useEffect(() => {
    const next = encodeListState(state, model.url, host.readSearch());
    const current = host.readSearch();
    if (next !== (current === '?' ? '' : current)) host.replaceSearch(next);
  }, [state, model.url, host]);
  return [state, setState];
}
