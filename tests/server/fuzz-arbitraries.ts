import fc from 'fast-check';

/**
 * Request values for the property-based fuzz (tests/server/fuzz-routes.ts, issue 13.3): values a
 * route's JSON schema describes, with hostile ones mixed in at every level. The hostile list holds the
 * inputs that once passed validation and failed in the database (NUL, integers beyond int4, 1e308,
 * extreme dates and offsets) and the usual wrong types and sizes.
 */
export const HOSTILE: readonly unknown[] = [
  '\u0000',
  'a\u0000b',
  2147483648,
  -2147483649,
  2 ** 53 + 2, // beyond the exact integers of a JSON number
  1e308,
  -1e308,
  1.5,
  -1,
  0,
  '2147483648',
  '1e308',
  '-1e308',
  '9999-12-31T23:59:59+14:00',
  '2026-01-01T00:00:00+99:00',
  '2026-01-01T00:00:00-15:59',
  '0001-01-01',
  '1899-12-31',
  '+275760-09-13',
  '2026-02-30',
  'x'.repeat(5000),
  '',
  'NaN',
  true,
  null,
  [],
  {},
  ['\u0000'],
  [2147483648, 1e308],
  ['0001-01-01', '9999-12-31'],
];

export const hostile: fc.Arbitrary<unknown> = fc.constantFrom(...HOSTILE);

type Schema = Record<string, unknown>;

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type as string[];
  if (typeof s.type === 'string') return [s.type];
  if (s.properties) return ['object'];
  return ['string'];
}

const num = (v: unknown, dflt: number) => (typeof v === 'number' && Number.isFinite(v) ? v : dflt);

/** One value of a single JSON type, as the schema describes it (loosely: patterns are not followed). */
function ofType(s: Schema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer': {
      const min = Math.max(num(s.minimum, -1000), -1e9);
      return fc.integer({ min, max: Math.max(min, Math.min(num(s.maximum, 100000), 1e9)) });
    }
    case 'number': {
      const min = Math.max(num(s.minimum, -1e6), -1e9);
      const max = Math.max(min, Math.min(num(s.maximum, 1e6), 1e9));
      return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (s.items && !Array.isArray(s.items) ? s.items : {}) as Schema;
      const minLength = Math.min(num(s.minItems, 0), 3);
      return fc.array(leaf(items, depth + 1), { minLength, maxLength: Math.max(minLength, 3) });
    }
    case 'object':
      return objectOf(s, depth);
    default:
      if (s.format === 'date')
        return fc
          .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      if (s.format === 'date-time' || s.format === 'date-or-date-time')
        return fc
          .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      return fc.string({ minLength: Math.min(num(s.minLength, 0), 8), maxLength: 12 });
  }
}

/** A value the schema describes. */
export function valid(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const alternatives = [...((s.anyOf ?? s.oneOf ?? []) as Schema[])];
  if (alternatives.length) return fc.oneof(...alternatives.map((a) => valid(a, depth + 1)));
  return fc.oneof(...typesOf(s).map((t) => ofType(s, t, depth)));
}

/** Mostly a described value, sometimes a hostile one; nesting is cut off at depth 4. */
export function leaf(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return hostile;
  return fc.oneof({ weight: 3, arbitrary: valid(s, depth) }, { weight: 2, arbitrary: hostile });
}

const GUESSED_KEYS = ['id', 'ids', 'userId', 'orgId', 'pageNo', 'pageSize', 'name', 'startDate', 'status'];

function objectOf(s: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = (s.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(props);
  if (!names.length) return fc.dictionary(fc.constantFrom(...GUESSED_KEYS), hostile, { maxKeys: 4 });
  const required = new Set((s.required ?? []) as string[]);
  const record = fc.record(
    Object.fromEntries(names.map((n) => [n, leaf(props[n]!, depth + 1)])) as Record<
      string,
      fc.Arbitrary<unknown>
    >,
    { requiredKeys: names.filter((n) => required.has(n)) },
  );
  return record;
}

/**
 * A whole request part (body, query or params) for a schema, or without one the keys handlers
 * commonly read; now and then the part itself is of a wrong type.
 */
export function partOf(schema: Schema | undefined): fc.Arbitrary<unknown> {
  const described = schema ? objectOf(schema, 0) : objectOf({}, 0);
  return fc.oneof({ weight: 9, arbitrary: described }, { weight: 1, arbitrary: hostile });
}
