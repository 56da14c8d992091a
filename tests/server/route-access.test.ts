import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signHeaders, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

// Issue 13.1: signing, session, permission and store come from the route the router matched, never
// from the raw URL, and they are the default for every route not marked public. The routes come from
// the app's own route table, so a route added later is covered without anyone listing it here.

/** A concrete path for a route pattern: every parameter and wildcard filled in. */
function concrete(pattern: string): string {
  return pattern.replace(/:[A-Za-z_]+/g, '1').replace(/\*$/, 'x');
}

/** Spellings of one path that a router or a proxy may treat as the same resource. */
export function spellings(path: string): string[] {
  const segments = path.split('/').filter(Boolean);
  const encodeFirstLetter = (segment: string) =>
    segment.replace(/[A-Za-z]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const out = new Set<string>([
    path,
    `/${encodeFirstLetter(segments[0]!)}/${segments.slice(1).join('/')}`,
    `/${segments.map(encodeFirstLetter).join('/')}`,
    `/${segments.map((s) => encodeURIComponent(s).replace(/[A-Za-z0-9]/g, (c) => `%${c.charCodeAt(0).toString(16)}`)).join('/')}`,
    `/${segments[0]}%2F${segments.slice(1).join('/')}`,
    `/${segments.join('%2f')}`,
    path.replace(/\//g, '//'),
    `//${segments.join('/')}`,
    path.toUpperCase(),
    `${path}/`,
    `${path}.`,
    `${path}/.`,
    `/${segments[0]}/zz/../${segments.slice(1).join('/')}`,
    `/${segments[0]}/./${segments.slice(1).join('/')}`,
    `/zz/..${path}`,
    `${path};x=1`,
    `${path}%00`,
  ]);
  return [...out];
}

/**
 * Each of the three sweeps below calls every route under every spelling (about 14,000 requests, more
 * with every route added). Alone one takes 10–20 s; beside the rest of `npm test` on two cores one took
 * over the 30 s default (session 28's CI run). A limit here only has to catch a hang.
 */
const HEAVY = 120_000;

function methodsOf(route: RouteOptions): string[] {
  // HEAD answers carry no body, so they can leak nothing; OPTIONS is not routed to handlers.
  return [route.method].flat().filter((m) => m !== 'OPTIONS' && m !== 'HEAD');
}

describe('route access (every route, every spelling)', () => {
  let t: TestApp;
  let noPermissions: string;
  let routes: { method: string; pattern: string; config: RouteOptions['config'] }[];

  beforeAll(async () => {
    t = await createTestApp();
    // Signed in, organisation chosen, but no permission at all.
    noPermissions = await userWith(t, 'e00021', ['no-such-permission']);
    routes = t.app.routeTable.flatMap((route) =>
      methodsOf(route).map((method) => ({ method, pattern: route.url, config: route.config ?? {} })),
    );
  });
  afterAll(() => t.close());

  const send = (method: string, url: string, headers: Record<string, string>) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(method === 'GET' || method === 'HEAD' ? {} : { payload: {} }),
    });

  /** A refusal carries the envelope with success false and no data. */
  function expectRefused(res: Awaited<ReturnType<typeof send>>, what: string) {
    const label = `${what} → ${res.statusCode} ${res.body.slice(0, 120)}`;
    if (res.statusCode === 404 && res.headers['content-type']?.toString().startsWith('text/html')) return;
    expect(res.headers['content-type'], label).toMatch(/application\/json/);
    const body = res.json();
    expect(body.result?.success, label).toBe(false);
    expect(body.data ?? null, label).toBeNull();
  }

  it('knows the whole route table; only public browser routes are unsigned', () => {
    expect(routes.length).toBeGreaterThan(100);
    const unsigned = routes.filter((r) => r.config?.unsigned);
    for (const r of unsigned) expect(r.config?.public, `${r.method} ${r.pattern}`).toBe(true);
    // Unsigned API routes: the two bootstrap calls, and downloads a browser navigates to.
    const unsignedApi = [
      ...new Set(unsigned.filter((r) => /^\/(api|gateApi)\//.test(r.pattern)).map((r) => r.pattern)),
    ];
    expect(unsignedApi.sort()).toEqual(
      [
        '/api/health',
        '/api/v1/common/clientConfig',
        '/api/v1/export/download/:ticket',
        '/gateApi/common/appinfo/f/download/:packageId/:name',
      ].sort(),
    );
  });

  it(
    'refuses every signed route under every spelling when the call is not signed',
    { timeout: HEAVY },
    async () => {
      let checked = 0;
      for (const route of routes.filter((r) => !r.config?.unsigned)) {
        for (const url of spellings(concrete(route.pattern))) {
          const res = await send(route.method, url, {});
          expectRefused(res, `${route.method} ${url} (unsigned)`);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(1000);
    },
  );

  it(
    'refuses every non-public route under every spelling to a signed call without a session',
    { timeout: HEAVY },
    async () => {
      for (const route of routes.filter((r) => !r.config?.public)) {
        for (const url of spellings(concrete(route.pattern))) {
          const res = await send(route.method, url, signHeaders(t.keys.signSecret));
          expectRefused(res, `${route.method} ${url} (no session)`);
        }
      }
    },
  );

  it(
    'refuses every route that needs a permission under every spelling to a user without it',
    { timeout: HEAVY },
    async () => {
      for (const route of routes.filter((r) => r.config?.permission)) {
        for (const url of spellings(concrete(route.pattern))) {
          const res = await send(route.method, url, signHeaders(t.keys.signSecret, noPermissions));
          expectRefused(res, `${route.method} ${url} (no permission)`);
          if (res.statusCode !== 404) expect(res.json().result.code, url).toBe('E0401');
        }
      }
    },
  );

  it('the reported bypass: /%61pi/manage/user/list is refused, signed or not', async () => {
    const unsigned = await send('GET', '/%61pi/manage/user/list', {});
    expect(unsigned.statusCode).toBe(403);
    const anonymous = await send('GET', '/%61pi/manage/user/list', signHeaders(t.keys.signSecret));
    expect(anonymous.json().result.code).toBe('W0005');
  });
});
