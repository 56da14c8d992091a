import type Ajv from 'ajv';
import type { FastifyInstance } from 'fastify';
import { withinDateBounds } from '../../src/schema/dates';
import { boundSchema } from '../../src/schema/input-bounds';

/** The parts of a request a route's schema validates (Fastify accepts `query` for `querystring`). */
const PARTS = ['body', 'querystring', 'query', 'params'] as const;

/**
 * Input bounds on every route (issue 13.3): before Fastify compiles a route's request schemas, they
 * get the column ranges and the NUL refusal of src/schema/input-bounds.ts, whether the route is a
 * contract (server/http/contract-route.ts), an inline schema or the resource engine's. Registered
 * before any route, so a route added later is bounded without anyone remembering.
 * Pinned by tests/server/fuzz-routes.ts.
 */
export function registerInputBounds(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const schema = route.schema as Record<string, unknown> | undefined;
    if (!schema) return;
    const out = { ...schema };
    for (const part of PARTS) if (out[part]) out[part] = boundSchema(out[part]);
    route.schema = out;
  });
}

/**
 * An Ajv plugin: the `date` and `date-time` formats also refuse years outside 1900–2999 and offsets
 * beyond ±14:00 (src/schema/dates.ts), on top of whatever the format already checks (ajv-formats'
 * RFC 3339, or the console's China-time spellings in server/resources/ajv.ts). Add it last.
 */
export function boundDateFormats(ajv: Ajv): Ajv {
  for (const name of ['date', 'date-time']) {
    const prev = ajv.formats[name];
    const test =
      prev instanceof RegExp
        ? (s: string) => prev.test(s)
        : typeof prev === 'function'
          ? prev
          : prev && typeof prev === 'object' && 'validate' in prev
            ? (s: string) =>
                prev.validate instanceof RegExp
                  ? prev.validate.test(s)
                  : (prev.validate as (x: string) => boolean)(s)
            : () => true;
    ajv.addFormat(name, { type: 'string', validate: (s: string) => test(s) && withinDateBounds(s) });
  }
  return ajv;
}
