import { type ComponentType, createElement } from 'react';
import type { AppName, PageDef } from './schema-types';

/**
 * The list pages of a sub-app, found in schemas/pages/<app>/*.json: a new file there is a new route,
 * no TypeScript involved. Each entry's path and title are known up front (only those two keys are
 * bundled with the router); the page file itself, the renderer and the resource load when the route
 * is first opened, each in its own chunk.
 */
export interface SchemaPageEntry {
  /** File name without .json (= the page's name). */
  name: string;
  /** The page's menu uri, e.g. /dacang/distribution/pickOrderList. */
  path: string;
  title: string;
  file: string;
  load(): Promise<ComponentType>;
}

type Lazy = Record<string, () => Promise<PageDef>>;

/**
 * One sub-app's page files, as its own module's globs (page-files-admin.ts, page-files-dacang.ts):
 * a sub-app bundles only its own titles and menus (issue 21.6).
 */
export interface PageFiles {
  titles: Record<string, string>;
  menus: Record<string, { uri: string; route?: { path: string } }>;
  lazy: Lazy;
}

const components = new Map<string, Promise<ComponentType>>();

function loader(key: string, file: string, lazy: () => Promise<PageDef>): () => Promise<ComponentType> {
  return () => {
    let found = components.get(key);
    if (!found) {
      found = Promise.all([lazy(), import('./SchemaListPage')]).then(([page, { SchemaListPage }]) => {
        // One component per page, created once: routers may call load() again and must not remount.
        const Page = () => createElement(SchemaListPage, { page, file });
        Page.displayName = `SchemaPage(${page.name})`;
        return Page;
      });
      found.catch(() => components.delete(key));
      components.set(key, found);
    }
    return found;
  };
}

const listed = new Map<AppName, SchemaPageEntry[]>();

/** The entries of one sub-app's page files (created once per app: stable objects). */
export function pagesOf(app: AppName, files: PageFiles): SchemaPageEntry[] {
  const known = listed.get(app);
  if (known) return known;
  const { titles, menus, lazy } = files;
  const entries = Object.keys(lazy)
    .sort()
    .map((key) => {
      const file = key.replace(/^\//, '');
      const name = file.replace(/^.*\//, '').replace(/\.json$/, '');
      return {
        name,
        // A page reached by links has a route pattern (SPEC 2.1's /log/LogDetail/:tableName).
        path: menus[key]?.route?.path ?? menus[key]?.uri ?? `/${app}/${name}`,
        title: titles[key] ?? name,
        file,
        load: loader(key, file, lazy[key]!),
      };
    });
  // Stable objects: routers and effects may compare entries between renders.
  listed.set(app, entries);
  return entries;
}
