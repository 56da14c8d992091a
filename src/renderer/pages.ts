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

// Each glob must be a literal for Vite. The '?page' query makes the lazy import a module of its own,
// so it is not merged into the eager one that carries just the title and menu.
const FILES: Record<
  AppName,
  {
    titles: Record<string, string>;
    menus: Record<string, { uri: string; route?: { path: string } }>;
    lazy: Lazy;
  }
> = {
  admin: {
    titles: import.meta.glob<string>('/schemas/pages/admin/*.json', { eager: true, import: 'title' }),
    menus: import.meta.glob<{ uri: string }>('/schemas/pages/admin/*.json', { eager: true, import: 'menu' }),
    lazy: import.meta.glob<PageDef>('/schemas/pages/admin/*.json', {
      import: 'default',
      query: '?page&lang.json',
    }),
  },
  dacang: {
    titles: import.meta.glob<string>('/schemas/pages/dacang/*.json', { eager: true, import: 'title' }),
    menus: import.meta.glob<{ uri: string }>('/schemas/pages/dacang/*.json', { eager: true, import: 'menu' }),
    lazy: import.meta.glob<PageDef>('/schemas/pages/dacang/*.json', {
      import: 'default',
      query: '?page&lang.json',
    }),
  },
};

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

export function schemaPages(app: AppName): SchemaPageEntry[] {
  const known = listed.get(app);
  if (known) return known;
  const { titles, menus, lazy } = FILES[app];
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

/** One page by file name (the QA harness route /__schema/:app/:name). */
export function schemaPage(app: string, name: string): SchemaPageEntry | undefined {
  if (app !== 'admin' && app !== 'dacang') return undefined;
  return schemaPages(app).find((p) => p.name === name);
}
