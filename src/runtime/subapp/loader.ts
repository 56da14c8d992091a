import { zhCN } from '@/i18n/zh-CN';
import { withChunkTimeout } from '../chunk/index';
import { SUB_APP_PUBLIC_PATH, type SubAppName } from './apps';
import { isRouteMap, type RouteMap } from './route-map';
import type { SubAppConfig, SubAppLifecycle } from './types';

/** SPEC 8 'config for app not found' (the error's message; shown in the language in effect). */
export const SUBAPP_CONFIG_MISSING = zhCN.errors.subAppConfigMissing;

export class SubAppConfigError extends Error {
  override readonly name = 'SubAppConfigError';
  constructor(readonly app: SubAppName) {
    super(SUBAPP_CONFIG_MISSING);
  }
}

/** The browser edges the loader talks to; tests hand in their own. */
export interface LoaderEdges {
  /** Resolves the parsed JSON, or undefined when the file is missing or not JSON. */
  fetchJson(url: string): Promise<unknown>;
  importModule(url: string): Promise<unknown>;
  loadCss(url: string): Promise<void>;
}

export interface SubAppLoader {
  config(app: SubAppName): Promise<SubAppConfig>;
  map(app: SubAppName): Promise<RouteMap>;
  /** The app's lifecycle, bootstrapped once. */
  lifecycle(app: SubAppName): Promise<SubAppLifecycle>;
  /** A map already fetched, for synchronous readers (tab titles). */
  loadedMap(app: SubAppName): RouteMap | undefined;
  /** Called whenever a map arrives. */
  subscribe(listener: () => void): () => void;
  /** The maps fetched so far: a new object whenever one arrives (useSyncExternalStore's snapshot). */
  maps(): Readonly<Partial<Record<SubAppName, RouteMap>>>;
}

function isConfig(value: unknown, app: SubAppName): value is SubAppConfig {
  if (!value || typeof value !== 'object') return false;
  const c = value as Partial<SubAppConfig>;
  return (
    c.app === app &&
    typeof c.entry === 'string' &&
    c.entry !== '' &&
    Array.isArray(c.css) &&
    c.css.every((u) => typeof u === 'string')
  );
}

function isLifecycle(value: unknown): value is SubAppLifecycle {
  const m = value as Partial<SubAppLifecycle> | undefined;
  return (
    !!m &&
    typeof m.bootstrap === 'function' &&
    typeof m.mount === 'function' &&
    typeof m.unmount === 'function'
  );
}

/** Memoises a successful load; a failure is forgotten so the next navigation tries again. */
function memo<T>(load: (app: SubAppName) => Promise<T>) {
  const cache = new Map<SubAppName, Promise<T>>();
  return (app: SubAppName): Promise<T> => {
    let pending = cache.get(app);
    if (!pending) {
      pending = load(app).catch((error: unknown) => {
        cache.delete(app);
        throw error;
      });
      cache.set(app, pending);
    }
    return pending;
  };
}

/**
 * Loads sub-apps only when first needed (SPEC 4): config.json names the entry and its stylesheets,
 * map.json the paths the app owns. The entry is imported by URL, so the sub-app's bundle shares the
 * host's React and antd chunks (same URLs, same module instances).
 */
export function createSubAppLoader(edges: LoaderEdges): SubAppLoader {
  let maps: Readonly<Partial<Record<SubAppName, RouteMap>>> = {};
  const listeners = new Set<() => void>();

  const config = memo(async (app) => {
    const value = await edges.fetchJson(`${SUB_APP_PUBLIC_PATH[app]}config.json`);
    if (!isConfig(value, app)) throw new SubAppConfigError(app);
    return value;
  });

  const map = memo(async (app) => {
    const value = await edges.fetchJson(`${SUB_APP_PUBLIC_PATH[app]}map.json`);
    // An app without its map still works: titles fall back to the menu and '未命名'.
    const loaded: RouteMap = isRouteMap(value) && value.app === app ? value : { app, routes: [] };
    maps = { ...maps, [app]: loaded };
    for (const listener of listeners) listener();
    return loaded;
  });

  const lifecycle = memo(async (app) => {
    const { entry, css } = await config(app);
    await Promise.all(css.map((url) => edges.loadCss(url)));
    const module = await withChunkTimeout(() => edges.importModule(entry), app);
    if (!isLifecycle(module)) throw new SubAppConfigError(app);
    await module.bootstrap();
    return module;
  });

  return {
    config,
    map,
    lifecycle,
    loadedMap: (app) => maps[app],
    maps: () => maps,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
