import { menuPath } from '../menu/menu-path';
import { appOfPath, type SubAppName } from './apps';
import type { RouteEntry, RouteMap } from './route-map';

/** A node of the permission menu seed (schemas/menu). */
export interface SeedMenuNode {
  name: string;
  uri?: string;
  code?: string;
  children?: SeedMenuNode[];
}

/** A list page of schemas/pages/<app>/*.json: its title and menu uri, or the route pattern it is reached at. */
export interface SchemaPageRef {
  title: string;
  menu: { uri: string; route?: { path: string } };
}

/**
 * The map file of one app (build time, scripts/vite-subapp-config.ts): its built-in pages, the pages
 * of the permission menu that open under its prefix, and its schema list pages. First title wins:
 * built-in pages declare meta, so they come first.
 */
export function buildRouteMap(
  app: SubAppName,
  sources: {
    builtin: readonly RouteEntry[];
    menus: readonly { app: string; tree: readonly SeedMenuNode[] }[];
    pages: readonly SchemaPageRef[];
  },
): RouteMap {
  const routes: RouteEntry[] = [];
  const seen = new Set<string>();
  const add = (entry: RouteEntry) => {
    const key = entry.path.toLowerCase();
    if (appOfPath(entry.path) !== app || seen.has(key)) return;
    seen.add(key);
    routes.push(entry);
  };
  for (const entry of sources.builtin) add(entry);
  const walk = (nodes: readonly SeedMenuNode[], menuApp: string) => {
    for (const node of nodes) {
      if (node.code) continue;
      const path = menuPath({ uri: node.uri, app: menuApp });
      if (path) add({ path, title: node.name });
      if (node.children) walk(node.children, menuApp);
    }
  };
  for (const menu of sources.menus) walk(menu.tree, menu.app);
  for (const page of sources.pages) {
    const uri = page.menu.route?.path ?? page.menu.uri;
    const path = uri && menuPath({ uri, app });
    if (path) add({ path, title: page.title });
  }
  return { app, routes };
}
