import { type SelectQueryBuilder, sql } from 'kysely';
import { casePlugin } from '../../db/index';
import type { FieldDef } from '../../../src/schema/types';

/**
 * Many rows as one JSON text built by the database (json_agg), read back with one JSON.parse.
 * Both drivers otherwise decode every field of every row in JavaScript (PGlite's decoder is slow: a
 * 200-row page spent most of its time there), then Kysely renames every key; one text field skips both.
 * The values equal what the per-column read gives: numbers are JSON numbers, dates are already text
 * (selection), instants arrive as ISO text with an offset and become Date.toISOString() text as a
 * Date read per column does (formatting them in SQL instead cost more: it ran before the sort, on every row).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
type Query = SelectQueryBuilder<any, any, any>;

/**
 * The rows of `page` (which selects `selection(fields)`) aggregated in its own order: an aggregate
 * over an ordered, limited sub-select reads its rows in that order.
 */
export function rowsAsJson(page: Query) {
  return sql<string>`(select coalesce(json_agg(p), '[]')::text from (${page}) as p)`;
}

interface OutField {
  name: string;
  /** The key json_agg wrote: the snake_case alias the CamelCasePlugin gave the column. */
  key: string;
  number: boolean;
  /** timestamptz: JSON gives ISO text with the session's offset and microseconds. */
  instant: boolean;
  /** jsonb arrays whose nested object keys the CamelCasePlugin maps when read per column. */
  nested: boolean;
}

const plans = new WeakMap<Record<string, FieldDef>, OutField[]>();

function plan(fields: Record<string, FieldDef>): OutField[] {
  let p = plans.get(fields);
  if (!p) {
    p = Object.entries(fields)
      .filter(([, f]) => !f.writeOnly)
      .map(([name, f]) => ({
        name,
        key: casePlugin.alias(name),
        number: f.type === 'number' || f.type === 'integer',
        instant: f.format === 'date-time',
        nested: f.type === 'array',
      }));
    plans.set(fields, p);
  }
  return p;
}

/** PostgreSQL's JSON text of a timestamptz in UTC, e.g. 2026-03-01T09:12:00.5+00:00. */
const UTC_INSTANT = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?\+00:00$/;

/**
 * Date.toISOString() text of an instant, as the per-column read gives (milliseconds cut, not rounded,
 * by both drivers). UTC text (the usual session time zone) is rewritten directly: parsing a Date per
 * value was a visible share of a 200-row page.
 */
export function isoInstant(text: string): string {
  const m = UTC_INSTANT.exec(text);
  if (!m) return new Date(text).toISOString();
  return `${m[1]}.${((m[2] ?? '') + '000').slice(0, 3)}Z`;
}

/** API rows from the JSON text of rowsAsJson: the same values toApi gives for a per-column read. */
export function rowsFromJson(fields: Record<string, FieldDef>, text: string): Record<string, unknown>[] {
  const out = plan(fields);
  const raw = JSON.parse(text) as Record<string, unknown>[];
  return raw.map((row) => {
    const api: Record<string, unknown> = {};
    for (const f of out) {
      const v = row[f.key];
      if (v === null || v === undefined) api[f.name] = null;
      else if (f.number) api[f.name] = Number(v);
      else if (f.instant) api[f.name] = isoInstant(v as string);
      else if (f.nested) api[f.name] = casePlugin.nested(v);
      else api[f.name] = v;
    }
    return api;
  });
}
