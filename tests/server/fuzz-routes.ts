import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { HOSTILE, leaf, partOf } from './fuzz-arbitraries';

// Issue 13.3: property-based fuzz of every JSON route of the route table, from its own request
// schemas plus hostile values (NUL, integers beyond int4, 1e308, extreme dates and offsets, wrong
// types). No answer may be a 5xx, and every 4xx carries the envelope with a Chinese message. Runs are
// seeded, so a failure repeats; the counterexample is in the assertion's label.
//
// The routes are shared out over the files fuzz-<part>-of-<PARTS>.test.ts (every PARTS-th route of
// the table each, so each part has some of every area). One file made its 20 calls to every route
// one after another: 83 s on PostgreSQL, the longest file of the server suite and within reach of its
// own timeout on a slow machine. In parts, the suite's two workers share it out; each part has its
// own app and database.
export const PARTS = 3;

const RUNS_PER_ROUTE = 20;
const SEED = 1303;

/**
 * Routes left out, each for a reason: logging out ends the session every later call needs (its
 * input is only the token header, covered by the session tests).
 */
const SKIPPED = new Set(['POST /api/v1/user03/logout']);

interface Route {
  method: string;
  url: string;
  schema: Record<string, Record<string, unknown> | undefined>;
}

function jsonRoutes(table: RouteOptions[]): Route[] {
  return table.flatMap((r) =>
    [r.method]
      .flat()
      .filter((m) => m !== 'HEAD' && m !== 'OPTIONS')
      .filter(() => /^\/(api|gateApi)\//.test(r.url))
      .map((method) => ({ method, url: r.url, schema: (r.schema ?? {}) as Route['schema'] })),
  );
}

/** Query strings carry text: every value as the browser would put it into a URL. */
function asQuery(value: unknown): Record<string, string | string[]> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(value)) {
    if (v === undefined) continue;
    out[k] = Array.isArray(v)
      ? v.map((x) => (typeof x === 'object' ? JSON.stringify(x) : String(x)))
      : typeof v === 'object'
        ? JSON.stringify(v)
        : String(v);
  }
  return out;
}

function fillPath(pattern: string, params: Record<string, unknown>): string {
  return pattern
    .replace(/:([A-Za-z_]+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? 'x')))
    .replace(/\*$/, 'x');
}

/** Declares the fuzz of part `part` (1 … PARTS) of the route table. */
export function fuzzRoutes(part: number): void {
  describe(`property-based fuzz of every JSON route (issue 13.3), part ${String(part)} of ${String(PARTS)}`, () => {
    let t: TestApp;
    let token: string;
    let counter = 0;

    /**
     * The fuzz may disable hq001, take rights from hq001's roles or lock the account (wrong old
     * passwords) through the very routes it calls (ids 1, 2 … are likely): the account and its roles
     * are put back after such a route, as an administrator would, so every route is called with all
     * permissions.
     */
    let restore: () => Promise<void>;

    beforeAll(async () => {
      t = await createTestApp();
      token = await t.login('hq001');
      const db = t.database.db;
      const user = await db
        .selectFrom('appUser')
        .select('id')
        .where('account', '=', 'hq001')
        .executeTakeFirstOrThrow();
      const userRoles = await db.selectFrom('userRole').selectAll().where('userId', '=', user.id).execute();
      const roleIds = userRoles.map((r) => r.roleId);
      const grants = await db
        .selectFrom('rolePermission')
        .selectAll()
        .where('roleId', 'in', roleIds)
        .execute();
      restore = async () => {
        await db
          .updateTable('appUser')
          .set({ status: 1, disabledAt: null })
          .where('id', '=', user.id)
          .execute();
        await db.updateTable('role').set({ status: 1 }).where('id', 'in', roleIds).execute();
        await db
          .insertInto('userRole')
          .values(userRoles)
          .onConflict((oc) => oc.doNothing())
          .execute();
        await db
          .insertInto('rolePermission')
          .values(grants)
          .onConflict((oc) => oc.doNothing())
          .execute();
        // Wrong old passwords sent to the password change count as failed logins of the account.
        await db.deleteFrom('loginFailure').where('account', '=', 'hq001').execute();
        token = await t.login('hq001');
      };
    }, 60_000);
    afterAll(() => t?.close());

    it('finds the route table and the hostile values', () => {
      expect(t.app.routeTable.length).toBeGreaterThan(100);
      expect(HOSTILE).toContain('\u0000');
    });

    it('answers no 5xx, and every 4xx with the envelope and a message', async () => {
      const all = jsonRoutes(t.app.routeTable).filter((r) => !SKIPPED.has(`${r.method} ${r.url}`));
      expect(all.length).toBeGreaterThan(100);
      const routes = all.filter((_, i) => i % PARTS === part - 1);
      const failures: string[] = [];
      for (const route of routes) {
        const paramNames = [...route.url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);
        const paramProps = (route.schema.params?.properties ?? {}) as Record<string, Record<string, unknown>>;
        const params = fc.record(
          Object.fromEntries(paramNames.map((n) => [n, leaf(paramProps[n] ?? { type: 'integer' })])),
        );
        const query = partOf(route.schema.querystring ?? route.schema.query);
        const body = partOf(route.schema.body);
        let sessionLost = false;
        const verdict = await fc.check(
          fc.asyncProperty(params, query, body, async (p, q, b) => {
            const url = fillPath(route.url, p);
            const write = route.method !== 'GET' && route.method !== 'DELETE';
            const res = await t.call({
              method: route.method as 'GET',
              url,
              token,
              query: asQuery(q),
              headers: {
                'idempotency-key': `fuzz-${SEED}-${++counter}`,
                ...(write ? { 'content-type': 'application/json' } : {}),
              },
              ...(write ? { payload: JSON.stringify(b) ?? 'null' } : {}),
            });
            const label = `${route.method} ${url} query=${JSON.stringify(q)?.slice(0, 200)} body=${JSON.stringify(b)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, label).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(res.headers['content-type'], label).toMatch(/application\/json/);
              const envelope = res.json();
              expect(envelope.result?.success, label).toBe(false);
              expect(envelope.result?.code, label).toMatch(/^E0\d{3}$/);
              expect(typeof envelope.result?.msg === 'string' && envelope.result.msg.length > 0, label).toBe(
                true,
              );
              // Chinese, as every user-visible text.
              expect(envelope.result.msg, label).toMatch(/[\u4e00-\u9fff]/);
            } else if (
              /json/.test(String(res.headers['content-type'])) &&
              /^W00(05|13)$/.test(res.json().result?.code ?? '')
            ) {
              sessionLost = true;
            }
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
        );
        // Every failing route is listed, not only the first.
        if (verdict.failed)
          failures.push(String((verdict.errorInstance as Error)?.message ?? verdict.counterexample));
        if (sessionLost || /user|role|password/i.test(route.url)) await restore();
      }
      expect(failures, `${failures.length} routes failed:\n${failures.join('\n')}`).toEqual([]);
    }, 110_000);
  });
}
