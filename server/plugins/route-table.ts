import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route the app registers, as registered (method, url pattern, config, schema). Tests enumerate
 * it so that a route added later is covered by the access, spelling-variant and fuzz tests without
 * anyone remembering to add it (tests/server/route-access.test.ts).
 *
 * The route options object itself is kept, not a copy: folder hooks such as plugins/before-store.ts
 * run after this one and replace `config`, and the table must show the final config.
 */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteOptions[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    table.push(route);
  });
}

/**
 * Config of a route that a browser navigates to or embeds (demo pages, the built front end, uploaded
 * images, download tickets): it cannot sign, and carries no session. Everything else is signed and
 * needs a session by default (plugins/signature.ts, plugins/auth.ts); this marker is the only way out.
 */
export const BROWSER_ROUTE = { public: true, unsigned: true } as const;
