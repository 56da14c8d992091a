import type { EnumDef, FieldDef, ResourceDef, SeedDef, SeedGenerator } from '../../generated/schema-files';
import { computeDocument, decimalsOf } from '../computed';
import { fromWords } from './words';
import { headerField } from '../references';

/**
 * Demo rows from a seed file (issue 12.6): pure and deterministic, the same file gives the same rows
 * on every machine. server/db/seed/declared.ts supplies the rows other resources already hold (for
 * `ref`) and writes the result.
 */

export type ApiRow = Record<string, unknown>;

export interface SeedRow {
  values: ApiRow;
  /** Line rows by child key. */
  children: Record<string, ApiRow[]>;
}

export interface SeedInput {
  resource: ResourceDef;
  seed: SeedDef;
  enums: Map<string, EnumDef>;
  /** Rows of another resource (API field names), for `ref`. */
  rowsOf(resource: string): ApiRow[];
  /** Another resource's file (its primary key is what `ref` reads by default). */
  resourceOf(resource: string): ResourceDef;
  /**
   * The day relative dates count from (YYYY-MM-DD, China time): the day the database is seeded, so
   * demo documents fall in the last weeks whenever the console is first started (issue 22.3).
   */
  anchor: string;
}

/** A small seeded PRNG (mulberry32): deterministic, no dependency. */
export function randomFor(text: string): () => number {
  let a = 0;
  for (const ch of text) a = (Math.imul(a, 31) + ch.charCodeAt(0)) | 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The resources a seed file reads: through `ref`, and those its fields refer to (seeded first). */
export function seedDependencies(seed: SeedDef, resource?: ResourceDef): string[] {
  const gens = [
    ...Object.values(seed.generate?.fields ?? {}),
    ...Object.values(seed.generate?.children ?? {}).flatMap((c) => Object.values(c.fields)),
  ];
  const fields = resource
    ? [
        ...Object.values(resource.fields),
        ...Object.values(resource.children ?? {}).flatMap((c) => Object.values(c.fields)),
      ]
    : [];
  const referred = fields.flatMap((f) => (f['x-reference'] ? [f['x-reference'].resource] : []));
  const after = seed.after ?? [];
  return [...new Set([...gens.flatMap((g) => (g.ref ? [g.ref] : [])), ...referred, ...after])].filter(
    (n) => n !== seed.name,
  );
}

/** The `copy` fields of a row's references, from the referenced rows (as the server fills them). */
function copyReferenced(fields: Record<string, FieldDef>, values: ApiRow, input: SeedInput): ApiRow {
  const out = { ...values };
  for (const [name, f] of Object.entries(fields)) {
    const ref = f['x-reference'];
    if (!ref?.copy || values[name] === undefined || values[name] === null) continue;
    const target = input.resourceOf(ref.resource);
    const valueField = ref.value ?? target.primaryKey;
    // A "$header.x" condition on a field the row holds too (a platform's store id is unique per platform).
    const row = input.rowsOf(ref.resource).find(
      (r) =>
        r[valueField] === values[name] &&
        Object.entries(ref.where ?? {}).every(([k, v]) => {
          const from = headerField(v);
          return from === undefined || !(from in values) || r[k] === values[from];
        }),
    );
    if (row) for (const [to, from] of Object.entries(ref.copy)) out[to] = row[from] ?? null;
  }
  return out;
}

const CHINA_OFFSET_MS = 8 * 3600_000;
const dayStart = (day: string) => Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
/** A relative day of a seed range: `today`, `-90d` (90 days before the anchor), `+30d`. */
export const RELATIVE_DAY = /^(today|[+-]\d{1,4}d)$/;

/** A range bound as a YYYY-MM-DD day: literal, or relative to the anchor. */
export function seedDay(bound: string | number, anchor: string): string {
  const text = String(bound);
  if (!RELATIVE_DAY.test(text)) return text;
  const offset = text === 'today' ? 0 : Number(text.slice(0, -1));
  return new Date(Date.parse(`${anchor}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A literal row's relative day: `{ "$day": "+20d" }` (or `today`, `-90d`, a YYYY-MM-DD) is the day
 * counted from the anchor; a date-time field gets the start of that day in China time.
 */
export const isRelativeDay = (v: unknown): v is { $day: string } =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.keys(v).length === 1 &&
  typeof (v as { $day?: unknown }).$day === 'string';

function literalValues(values: ApiRow, fields: Record<string, FieldDef>, anchor: string): ApiRow {
  const out: ApiRow = {};
  for (const [k, v] of Object.entries(values)) {
    if (!isRelativeDay(v)) out[k] = v;
    else {
      const day = seedDay(v.$day, anchor);
      out[k] = fields[k]?.format === 'date-time' ? new Date(dayStart(day)).toISOString() : day;
    }
  }
  return out;
}

/** Today in China time (YYYY-MM-DD): the default seed anchor. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** YYYY, YY, MM, DD of an instant or date, in China time. */
function formatDay(value: unknown, format: string): string {
  const text = String(value);
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? dayStart(text) : Date.parse(text);
  const d = new Date(ms + CHINA_OFFSET_MS).toISOString();
  return format
    .replace('YYYY', d.slice(0, 4))
    .replace('YY', d.slice(2, 4))
    .replace('MM', d.slice(5, 7))
    .replace('DD', d.slice(8, 10));
}

interface RowState {
  /** 1-based position of the row among all rows of the file (literal rows first). */
  seq: number;
  values: ApiRow;
  picked: Map<string, ApiRow>;
  /** A line's document header: `where` values "$header.x" read it. */
  header?: ApiRow;
}

function makeValue(
  name: string,
  g: SeedGenerator,
  field: FieldDef | undefined,
  input: SeedInput,
  random: () => number,
  row: RowState,
): unknown {
  const pick = (n: number) => Math.min(n - 1, Math.floor(random() * n));
  const weighted = <T>(values: readonly T[]): T => {
    const w = g.weights;
    if (!w || w.length !== values.length) return values[pick(values.length)]!;
    const total = w.reduce((a, b) => a + b, 0);
    let r = random() * total;
    for (let i = 0; i < values.length; i++) if ((r -= w[i]!) < 0) return values[i]!;
    return values[values.length - 1]!;
  };
  if (g.when && !g.when.in.includes(row.values[g.when.field] as string | number | boolean)) return null;
  if (g.nullRate && random() < g.nullRate) return null;
  if ('const' in g) return g.const;
  if (g.seq !== undefined) return g.seq + (g.cycle ? (row.seq - 1) % g.cycle : row.seq - 1);
  if (g.pattern !== undefined) {
    return g.pattern.replace(/\{(seq|rand|date):([^}]+)\}/g, (_, kind: string, arg: string) => {
      if (kind === 'seq') return String(row.seq).padStart(Number(arg), '0');
      if (kind === 'rand') return Array.from({ length: Number(arg) }, () => pick(10)).join('');
      return formatDay(row.values[g.from ?? ''] ?? '2026-01-01', arg);
    });
  }
  if (g.pick) return weighted(g.pick);
  if (g.enum) return weighted(input.enums.get(field?.['x-enum'] ?? '')!.items.map((i) => i.value));
  if (g.int) {
    const [lo, hi] = g.int.map(Number) as [number, number];
    return lo + pick(hi - lo + 1);
  }
  if (g.number) {
    const [lo, hi] = g.number.map(Number) as [number, number];
    const scale = 10 ** (field ? decimalsOf(field) : 2);
    // Whole units of the last decimal: exact in the database, no floating-point tail.
    return (Math.round(lo * scale) + pick(Math.round((hi - lo) * scale) + 1)) / scale;
  }
  if (g.total) {
    // In whole units of the last decimal, so the figure is exact (no floating-point tail).
    const scale = 10 ** (field ? (field.type === 'integer' ? 0 : decimalsOf(field)) : 2);
    const units = (n: string) => Math.round(Number(row.values[n] ?? 0) * scale);
    const sum =
      g.total.plus.reduce((a, n) => a + units(n), 0) -
      (g.total.minus ?? []).reduce((a, n) => a + units(n), 0);
    const offset = g.total.offset ? g.total.offset[pick(g.total.offset.length)]! : 0;
    return (Math.round(sum * (g.total.times ?? 1)) + Math.round(offset * scale)) / scale;
  }
  if (g.date) {
    const [from, to] = g.date.map((d) => seedDay(d, input.anchor)) as [string, string];
    const days = Math.round((dayStart(to) - dayStart(from)) / 86_400_000);
    return formatDay(new Date(dayStart(from) + pick(days + 1) * 86_400_000).toISOString(), 'YYYY-MM-DD');
  }
  if (g.dateTime) {
    const [from, to] = g.dateTime.map((d) => seedDay(d, input.anchor)) as [string, string];
    const span = dayStart(to) + 86_400_000 - dayStart(from);
    // Whole seconds, during the day's working hours is not assumed: any second of the range.
    return new Date(dayStart(from) + pick(Math.floor(span / 1000)) * 1000).toISOString();
  }
  if (g.after) {
    const base = row.values[g.after.field];
    if (base === null || base === undefined) return null;
    const [lo, hi] = g.after.minutes.map(Number) as [number, number];
    const at = new Date(Date.parse(String(base)) + (lo + pick(hi - lo + 1)) * 60_000).toISOString();
    return field?.format === 'date' ? formatDay(at, 'YYYY-MM-DD') : at;
  }
  if (g.words) return fromWords(g.words, pick);
  if (g.ref) {
    const target = g.field ?? input.resourceOf(g.ref).primaryKey;
    const candidates = input.rowsOf(g.ref).filter(
      (r) =>
        Object.entries(g.where ?? {}).every(([k, v]) => {
          const from = headerField(v);
          // A header row's "$header.x" reads its own field made before (an employee of its store).
          if (Array.isArray(v)) return v.includes(r[k] as never);
          return r[k] === (from === undefined ? v : (row.header ?? row.values)[from]);
        }) &&
        (g.unlike === undefined || r[target] !== row.values[g.unlike]),
    );
    if (!candidates.length) throw new Error(`seed ${input.seed.name}.${name}: no ${g.ref} row to refer to`);
    const chosen = candidates[pick(candidates.length)]!;
    if (g.as) row.picked.set(g.as, chosen);
    return chosen[target];
  }
  if (g.same) {
    const from = row.picked.get(g.same);
    if (!from) throw new Error(`seed ${input.seed.name}.${name}: "${g.same}" is picked by no earlier ref`);
    return from[g.field ?? name];
  }
  return undefined;
}

function generateValues(
  gens: Record<string, SeedGenerator>,
  fields: Record<string, FieldDef>,
  input: SeedInput,
  random: () => number,
  seq: number,
  header?: ApiRow,
): ApiRow {
  const row: RowState = { seq, values: {}, picked: new Map(), header };
  // Refs first, so `same` and `{date:…}` read values picked in the same row whatever the key order.
  const order = Object.entries(gens).sort(
    ([, a], [, b]) =>
      Number(Boolean(b.ref)) - Number(Boolean(a.ref)) ||
      Number(Boolean(a.pattern)) - Number(Boolean(b.pattern)),
  );
  // A value made from another field of the row (`after`, `when`) waits until that one is made.
  const needs = (g: SeedGenerator) =>
    [
      g.after?.field,
      g.when?.field,
      ...(g.total?.plus ?? []),
      ...(g.total?.minus ?? []),
      ...(header ? [] : Object.values(g.where ?? {}).map((v) => headerField(v))),
      // `same` waits for the ref that picks its row (itself waiting for a field: a picker by account).
      ...(g.same ? Object.entries(gens).flatMap(([n, o]) => (o.as === g.same ? [n] : [])) : []),
    ].filter((n): n is string => !!n);
  const pending = [...order];
  while (pending.length) {
    const i = pending.findIndex(([, g]) => needs(g).every((n) => n in row.values || !(n in gens)));
    if (i < 0)
      throw new Error(`seed ${input.seed.name}: fields wait for each other (${pending.map(([n]) => n)})`);
    const [name, g] = pending.splice(i, 1)[0]!;
    row.values[name] = makeValue(name, g, fields[name], input, random, row);
  }
  return row.values;
}

/** Every row a seed file asks for: its literal rows, then the generated ones. */
export function generateRows(input: SeedInput): SeedRow[] {
  const { resource, seed } = input;
  const random = randomFor(`seed:${seed.name}`);
  const childKeys = Object.keys(resource.children ?? {});
  const literal: SeedRow[] = (seed.rows ?? []).map((raw) => {
    const values: ApiRow = {};
    const children: Record<string, ApiRow[]> = {};
    for (const [k, v] of Object.entries(raw)) {
      if (childKeys.includes(k))
        children[k] = ((v as ApiRow[]) ?? []).map((line) =>
          literalValues(line, resource.children![k]!.fields, input.anchor),
        );
      else values[k] = v;
    }
    return { values: literalValues(values, resource.fields, input.anchor), children };
  });
  const generated: SeedRow[] = [];
  const gen = seed.generate;
  for (let i = 0; gen && i < gen.count; i++) {
    const values = generateValues(gen.fields, resource.fields, input, random, literal.length + i + 1);
    const children: Record<string, ApiRow[]> = {};
    for (const [key, lines] of Object.entries(gen.children ?? {})) {
      const child = resource.children![key]!;
      const [lo, hi] = lines.count as [number, number];
      const n = lo + Math.min(hi - lo, Math.floor(random() * (hi - lo + 1)));
      const made = Array.from({ length: n }, (_, j) =>
        generateValues(lines.fields, child.fields, input, random, j + 1, values),
      );
      // One line per picked row, as the form's line picker keeps it (addBy counts a repeat up).
      const by = child.addBy?.field;
      children[key] = by ? made.filter((l, j) => made.findIndex((m) => m[by] === l[by]) === j) : made;
    }
    generated.push({ values, children });
  }
  // Totals and line amounts as the server computes them on a write (x-computed).
  return [...literal, ...generated].map((row) => {
    const children: Record<string, ApiRow[]> = {};
    for (const [key, lines] of Object.entries(row.children)) {
      children[key] = lines.map((line) => copyReferenced(resource.children![key]!.fields, line, input));
    }
    const doc = computeDocument(resource, copyReferenced(resource.fields, row.values, input), children);
    return { values: doc.header, children: doc.lines };
  });
}
