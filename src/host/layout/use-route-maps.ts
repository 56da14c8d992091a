import { useCallback, useSyncExternalStore } from 'react';
import { type MenuEntry, permissionTitle } from '@/runtime/menu';
import { appOfPath } from '@/runtime/subapp/apps';
import { findRoute } from '@/runtime/subapp/route-map';
import { resolveTabTitle } from '@/runtime/tabs';
import { subAppLoader } from './shell-state';

const subscribe = (listener: () => void) => subAppLoader.subscribe(listener);

/** Title and meta lookups that re-render their users when a sub-app's map arrives. */
export function useRouteLookups(permissions: readonly MenuEntry[]) {
  const maps = useSyncExternalStore(subscribe, subAppLoader.maps);
  const routeOf = useCallback(
    (path: string) => {
      const app = appOfPath(path);
      return app ? findRoute(maps[app], path) : undefined;
    },
    [maps],
  );
  const titleOf = useCallback(
    (path: string) => {
      const app = appOfPath(path);
      // Unknown only once the app's map has arrived: before that, nothing is known either way.
      const unknown = !!app && !!maps[app] && !findRoute(maps[app], path);
      return resolveTabTitle(permissionTitle(permissions, path), routeOf(path)?.title, unknown);
    },
    [permissions, routeOf, maps],
  );
  const routeMeta = useCallback((path: string) => routeOf(path)?.meta, [routeOf]);
  return { titleOf, routeMeta };
}
