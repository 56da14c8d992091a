import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { type RendererHost, RendererHostContext } from '@/renderer/host';

/**
 * Lets the schema pages (src/renderer) navigate and keep their list state in the query string through
 * the sub-app's router, so the host's router, its tab (full path) and refresh see every change.
 * A query just replaced is read back at once, before the router has caught up.
 */
export function RendererBridge({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const current = useRef(location);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    current.current = location;
    pending.current = null;
  }, [location]);
  const host = useMemo<RendererHost>(
    () => ({
      navigate: (to) => navigate(to),
      readSearch: () => pending.current ?? current.current.search,
      replaceSearch(search) {
        const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
        pending.current = query;
        const { pathname, hash } = current.current;
        navigate({ pathname, search: query, hash }, { replace: true, state: current.current.state });
      },
    }),
    [navigate],
  );
  return <RendererHostContext.Provider value={host}>{children}</RendererHostContext.Provider>;
}
