import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

// Route schemas compile on a route's first call, not at start (server/http/lazy-compilers.ts, issue
// 21.5). So that a schema fastify cannot compile never waits for its first caller in production, this
// compiles every route's answer schemas as the first answer would; the request schemas of every JSON
// route are compiled by tests/server/fuzz-routes.ts, which calls each route with inputs.
describe('every route’s schemas compile', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('compiles each answer schema of the route table', () => {
    // What the lazy compiler runs at a route's first answer (fastify's own serializer compiler).
    const compile = SerializerSelector()({}, undefined);
    let answers = 0;
    for (const route of t.app.routeTable) {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      const method = [route.method].flat()[0]!;
      for (const [httpStatus, s] of Object.entries((schema.response ?? {}) as Record<string, object>)) {
        // A shape it cannot compile throws here, naming the route.
        expect(
          () => compile({ schema: s, method, url: route.url, httpStatus } as never),
          `${method} ${route.url} ${httpStatus}`,
        ).not.toThrow();
        answers++;
      }
    }
    expect(answers).toBeGreaterThan(300);
  }, 120_000);
});
