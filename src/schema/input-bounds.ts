import type { JsonSchema } from './types';

/**
 * Input bounds (issue 13.3): what a request value may be so that the database never refuses it.
 * A value JSON Schema accepts could still fail in PostgreSQL (an integer beyond its column, a number
 * beyond numeric precision, a NUL in text); `boundSchema` adds those limits to any request schema,
 * keeping every narrower limit the schema already states. The resource engine's field schemas apply
 * it with the fields' titles (field-schema.ts); the server applies it to every route's request schemas
 * when the route is added (server/plugins/input-bounds.ts), so a route added later is bounded too.
 * Dates: dates.ts (YEARS, offsets). Decisions: docs/decisions.md "Input bounds".
 */

/** PostgreSQL `integer`. */
export const INT4 = { min: -2147483648, max: 2147483647 } as const;
/** `bigint` columns, as far as a JSON number is exact. */
export const INT8 = { min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER } as const;
/**
 * Decimals: the narrowest decimal column a request writes is numeric(12,2) (prices, money); the
 * bound is below its limit even after rounding to 2 places. Wider quantities stay within it too.
 */
export const DECIMAL = { min: -9999999999.99, max: 9999999999.99 } as const;
/**
 * A string without NUL (PostgreSQL text cannot store it). A positive pattern, not `not`: Ajv coerces
 * query values inside `not: { type: 'string' }` too (null became ''), and a pattern ignores non-strings.
 */
export const NUL_FREE = '^[^\\u0000]*$';

type Keyword = 'minimum' | 'maximum' | 'pattern';

/** The Chinese message of a bound; the same words as server/http/validation-message.ts's fallback. */
export function boundMessage(title: string, k: Keyword, limit?: number): string {
  if (k === 'pattern') return `${title}不能包含空字符`;
  return `${title}${k === 'minimum' ? '不能小于' : '不能大于'} ${limit}`;
}

/** The range an integer or number schema gets: its own when narrower, the column's otherwise. */
function range(s: JsonSchema, integer: boolean): { min: number; max: number } {
  const declared = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum].filter(
    (n): n is number => typeof n === 'number',
  );
  // A schema declaring a bound beyond int4 is a bigint column (tables/plan.ts sqlType does the same).
  const big = declared.some((n) => Math.abs(n) > INT4.max);
  return integer ? (big ? INT8 : INT4) : big ? { min: -Number.MAX_VALUE, max: Number.MAX_VALUE } : DECIMAL;
}

function types(s: JsonSchema): string[] {
  return Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
}

/**
 * Adds a message naming the field by its title for a keyword the schema now checks, unless its own
 * errorMessage covers it. Untitled schemas get the server's fallback, which names the property.
 */
function addMessage(out: JsonSchema, k: Keyword, limit?: number): void {
  if (typeof out.errorMessage === 'string' || typeof out.title !== 'string') return;
  const own = (out.errorMessage ?? {}) as Record<string, unknown>;
  if (own[k] === undefined) out.errorMessage = { ...own, [k]: boundMessage(out.title, k, limit) };
}

const hasNulGuard = (s: JsonSchema) =>
  Array.isArray(s.allOf) && (s.allOf as JsonSchema[]).some((x) => x.pattern === NUL_FREE);

function bindOne(s: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...s };
  const t = types(s);
  const numeric = t.includes('integer') || t.includes('number');
  if (numeric && s.enum === undefined && s.const === undefined) {
    const { min, max } = range(s, !t.includes('number'));
    if (typeof s.minimum !== 'number' || s.minimum < min) {
      out.minimum = min;
      addMessage(out, 'minimum', min);
    }
    if (typeof s.maximum !== 'number' || s.maximum > max) {
      out.maximum = max;
      addMessage(out, 'maximum', max);
    }
  }
  if (t.includes('string') && s.enum === undefined && s.const === undefined) {
    if (s.pattern === undefined) {
      out.pattern = NUL_FREE;
      addMessage(out, 'pattern');
    } else if (s.pattern !== NUL_FREE && !hasNulGuard(s)) {
      // Its own pattern keeps its own message; NUL is refused beside it.
      const guard: JsonSchema = { pattern: NUL_FREE };
      if (typeof s.title === 'string') guard.errorMessage = boundMessage(s.title, 'pattern');
      out.allOf = [...((s.allOf as JsonSchema[] | undefined) ?? []), guard];
    }
  }
  return out;
}

const SCHEMA_MAPS = ['properties', 'patternProperties', 'definitions', '$defs'] as const;
const SCHEMA_ONES = ['items', 'additionalProperties', 'additionalItems', 'if', 'then', 'else'] as const;
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'] as const;

/** The schema with input bounds on every integer, number and string in it (a copy; idempotent). */
export function boundSchema<S>(schema: S): S {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const out = bindOne(schema as JsonSchema);
  for (const k of SCHEMA_MAPS) {
    const map = out[k] as Record<string, JsonSchema> | undefined;
    if (map && typeof map === 'object')
      out[k] = Object.fromEntries(Object.entries(map).map(([n, v]) => [n, boundSchema(v)]));
  }
  for (const k of SCHEMA_ONES) {
    const v = out[k];
    if (Array.isArray(v)) out[k] = v.map((x) => boundSchema(x));
    else if (v && typeof v === 'object') out[k] = boundSchema(v);
  }
  for (const k of SCHEMA_LISTS) {
    const v = out[k];
    if (Array.isArray(v)) out[k] = v.map((x) => boundSchema(x));
  }
  return out as S;
}
