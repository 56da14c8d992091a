import { createContext, useContext } from 'react';

/**
 * What the renderer needs from the app around it: navigation and the query string. Sub-app routers
 * may provide their own (their router's navigate and search params); the default uses the window's
 * history, which every host shares.
 */
export interface RendererHost {
  /** Opens an in-app path ('/dacang/...'). */
  navigate(to: string): void;
  /** The current query string, with or without the leading '?'. */
  readSearch(): string;
  /** Replaces the query string without a new history entry (list state changes are not steps back). */
  replaceSearch(search: string): void;
}

export const windowHost: RendererHost = {
  navigate: (to) => window.location.assign(to),
  readSearch: () => window.location.search,
  replaceSearch: (search) => {
    const { pathname, hash } = window.location;
    const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
    // Keep history.state: routers keep their own bookkeeping (index, key) in it.
    window.history.replaceState(window.history.state, '', `${pathname}${query}${hash}`);
  },
};

export const RendererHostContext = createContext<RendererHost>(windowHost);

export const useRendererHost = () => useContext(RendererHostContext);
