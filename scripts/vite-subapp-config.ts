import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { menusOf } from '../src/schema/menu';
import { readSchemaFiles } from '../src/schema/node/files';
import { ADMIN_BUILTIN_ROUTES } from '../src/apps/admin/route-meta';
import { DACANG_BUILTIN_ROUTES } from '../src/apps/dacang/route-meta';
import type { SubAppName } from '../src/runtime/subapp/apps';
import type { RouteEntry, RouteMap } from '../src/runtime/subapp/route-map';
import { buildRouteMap, type SchemaPageRef } from '../src/runtime/subapp/route-map-build';
import type { SubAppConfig } from '../src/runtime/subapp/types';

export interface SubAppDef {
  entry: string;
  publicPath: string;
  devPort: number;
}

const BUILTIN: Record<SubAppName, RouteEntry[]> = {
  admin: ADMIN_BUILTIN_ROUTES,
  dacang: DACANG_BUILTIN_ROUTES,
};

/** schemas/pages/<app>/*.json: the list pages (issue 5) join the map with their titles. */
function schemaPages(root: string, app: SubAppName): SchemaPageRef[] {
  const dir = path.join(root, 'schemas/pages', app);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as SchemaPageRef)
    .filter((p) => typeof p.title === 'string' && typeof p.menu?.uri === 'string');
}

function routeMap(root: string, app: SubAppName): RouteMap {
  const menus = menusOf(readSchemaFiles(path.join(root, 'schemas')).files).map((m) => ({
    app: m.name,
    tree: m.tree,
  }));
  return buildRouteMap(app, { builtin: BUILTIN[app], menus, pages: schemaPages(root, app) });
}

/**
 * Publishes each sub-app's config.json (entry module and stylesheets, from the bundle) and map.json
 * (the paths it owns, with titles and meta) under its public path (SPEC 4, 9). In dev the same files
 * are answered by the dev server, the entry being the source module. With SUBAPP=admin|dacang the
 * dev server serves that sub-app alone (ports 9061/9062, `npm run dev:admin` / `dev:dacang`).
 */
export function subAppConfigPlugin(apps: Record<SubAppName, SubAppDef>): Plugin {
  const names = Object.keys(apps) as SubAppName[];
  let root = process.cwd();
  const standalone = process.env.SUBAPP as SubAppName | undefined;
  if (standalone && !names.includes(standalone)) {
    throw new Error(`SUBAPP must be one of ${names.join(', ')}`);
  }
  return {
    name: 'fresh:subapp-config',
    configResolved(config) {
      root = config.root;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = (req.url ?? '').split('?')[0]!;
        for (const app of names) {
          const base = `/${apps[app].publicPath}`;
          let body: unknown;
          if (url === `${base}config.json`) {
            body = { app, entry: `/${apps[app].entry}`, css: [] } satisfies SubAppConfig;
          } else if (url === `${base}map.json`) {
            body = routeMap(root, app);
          } else continue;
          res.setHeader('content-type', 'application/json');
          res.setHeader('cache-control', 'no-cache');
          res.end(JSON.stringify(body));
          return;
        }
        next();
      });
    },
    transformIndexHtml: {
      order: 'pre',
      handler(html, ctx) {
        if (!standalone || !ctx.server) return html;
        const entry = apps[standalone].entry.replace(/index\.tsx$/, 'standalone.tsx');
        return html.replace('/src/host/main.tsx', `/${entry}`);
      },
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle);
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** Stylesheets of a chunk and of everything it imports statically. */
      const cssOf = (fileName: string, seen = new Set<string>()): string[] => {
        const chunk = byFile.get(fileName);
        if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return [];
        seen.add(fileName);
        const own = [...(chunk.viteMetadata?.importedCss ?? [])];
        return [...own, ...chunk.imports.flatMap((f) => cssOf(f, seen))];
      };
      for (const app of names) {
        const entry = chunks.find((c) => c.type === 'chunk' && c.isEntry && c.name === app);
        if (!entry) this.error(`sub-app ${app}: no entry chunk in the bundle`);
        const config: SubAppConfig = {
          app,
          entry: `/${entry.fileName}`,
          css: [...new Set(cssOf(entry.fileName))].map((f) => `/${f}`),
        };
        this.emitFile({
          type: 'asset',
          fileName: `${apps[app].publicPath}config.json`,
          source: JSON.stringify(config),
        });
        this.emitFile({
          type: 'asset',
          fileName: `${apps[app].publicPath}map.json`,
          source: JSON.stringify(routeMap(root, app)),
        });
      }
    },
  };
}
