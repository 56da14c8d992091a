import type { TabStateStore } from '../tabs/tab-state';
import type { SubAppName } from './apps';
import type { RouteMeta } from './route-map';

/** A location as the host's router sees it (the full path, prefix included). */
export interface HostLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

/** A value the sub-app reads and subscribes to (useSyncExternalStore's contract). */
export interface HostLocationSource {
  get(): HostLocation;
  subscribe(listener: () => void): () => void;
}

export interface HostNavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * What the host lends a mounted sub-app: one history (the host's), the per-tab state store that keeps
 * pages alive across sub-app switches, and the route meta of the host's map. Absent when the sub-app
 * runs on its own (dev ports 9061/9062).
 */
export interface HostBridge {
  location: HostLocationSource;
  /** Navigates the host: full paths ('/dacang/home'), or a history delta. */
  navigate(to: string | number, options?: HostNavigateOptions): void;
  tabState: TabStateStore;
  routeMeta(path: string): RouteMeta | undefined;
}

/** What the host hands a sub-app when mounting it. */
export interface SubAppProps {
  name: SubAppName;
  /** Route prefix owned by the sub-app: '/admin' or '/dacang'. */
  basename: string;
  host?: HostBridge;
}

export interface SubAppLifecycle {
  bootstrap(): Promise<void>;
  mount(container: HTMLElement, props: SubAppProps): Promise<void>;
  unmount(): Promise<void>;
}

/** The config file a sub-app publishes at /subapps/<app>/config.json (scripts/vite-subapp-config.ts). */
export interface SubAppConfig {
  app: SubAppName;
  /** Absolute URL of the entry module. */
  entry: string;
  /** Stylesheets the entry needs, loaded before mounting. */
  css: string[];
}
