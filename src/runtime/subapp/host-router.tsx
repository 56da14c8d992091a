import { type ReactNode, useMemo, useSyncExternalStore } from 'react';
import { createPath, type Navigator, Router, type To } from 'react-router-dom';
import type { HostBridge } from './types';

const href = (to: To) => (typeof to === 'string' ? to : createPath(to));

/**
 * A router for a mounted sub-app that owns no history: it shows the host's location and navigates
 * through the host, so there is one history, one tab bar and one blocker for the whole console.
 * Paths are full console paths ('/admin/…'): no basename.
 */
export function HostDrivenRouter({ host, children }: { host: HostBridge; children: ReactNode }) {
  const location = useSyncExternalStore(host.location.subscribe, host.location.get);
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: href,
      encodeLocation: (to) => {
        const url = new URL(href(to), 'http://local');
        return { pathname: url.pathname, search: url.search, hash: url.hash };
      },
      go: (delta) => host.navigate(delta),
      push: (to, state) => host.navigate(href(to), { state }),
      replace: (to, state) => host.navigate(href(to), { replace: true, state }),
    }),
    [host],
  );
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}
