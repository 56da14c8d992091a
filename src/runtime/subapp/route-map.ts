import { matchPath } from 'react-router-dom';
import { pathOnly, type SubAppName } from './apps';

/** What a route says about itself (SPEC 2.11, 4): never restore its kept state; no watermark over it. */
export interface RouteMeta {
  ignoreCache?: boolean;
  noWatermark?: boolean;
}

/** One path a sub-app owns, with its title (the tab title's second source) and meta. */
export interface RouteEntry {
  /** Full path with the app prefix, react-router pattern syntax ('/admin/log/LogDetail/:tableName'). */
  path: string;
  title: string;
  meta?: RouteMeta;
}

/** The map (route) file a sub-app publishes at /subapps/<app>/map.json, written at build time. */
export interface RouteMap {
  app: SubAppName;
  routes: RouteEntry[];
}

/** The map's entry for a path (query ignored, case-insensitive); exact paths win over patterns. */
export function findRoute(map: RouteMap | undefined, path: string): RouteEntry | undefined {
  if (!map) return undefined;
  const bare = pathOnly(path);
  const lower = bare.toLowerCase();
  return (
    map.routes.find((r) => r.path.toLowerCase() === lower) ??
    map.routes.find((r) => matchPath({ path: r.path, caseSensitive: false, end: true }, bare))
  );
}

/** Checks a fetched map.json; anything else is treated as a missing map. */
export function isRouteMap(value: unknown): value is RouteMap {
  if (!value || typeof value !== 'object') return false;
  const map = value as Partial<RouteMap>;
  return (
    typeof map.app === 'string' &&
    Array.isArray(map.routes) &&
    map.routes.every((r) => r && typeof r.path === 'string' && typeof r.title === 'string')
  );
}
