import type { ChildDef, FieldDef, ResourceDef } from '../generated/schema-files';
import { add, multiply, negate, parseDecimal, type Scaled, toNumber, ZERO } from './decimal';
import { sqlType } from './tables/plan';
import { conditionHolds } from './effects';

/**
 * Fields computed from other fields (issue 12.9), declared in the resource file with `x-computed`:
 * `product` (line amount = quantity × price), `sum` (a total over a child's lines) and `lines` (how
 * many). The server recomputes them on every write and stores them, never trusting the browser's
 * figures; the renderer calls the same functions so the form shows what the server will store.
 */

type Row = Record<string, unknown>;

/** Decimals a computed number keeps: its column's scale (money 2, quantity 3), 0 for integers. */
export function decimalsOf(field: FieldDef): number {
  const m = /^numeric\(\d+,(\d+)\)$/.exec(sqlType(field));
  return m ? Number(m[1]) : 0;
}

/** A figure computed when read, with no column of its own: count, depreciation, sumOf. */
export function computedOnRead(f: FieldDef): boolean {
  const c = f['x-computed'];
  return c !== undefined && (c.count !== undefined || c.depreciation !== undefined || c.sumOf !== undefined);
}

/** A figure stored with its row and recomputed on every write (product, sum, lines, total …). */
export function computedStored(f: FieldDef): boolean {
  return f['x-computed'] !== undefined && !computedOnRead(f);
}

/** Stored computed fields (product, sum, lines) of a field set, in file order. */
export function storedComputed(fields: Record<string, FieldDef>): [string, FieldDef][] {
  return Object.entries(fields).filter(([, f]) => computedStored(f));
}

/** YYYY-MM-DD plus whole days (calendar arithmetic in UTC, so no time zone moves the day). */
function addDays(date: unknown, days: unknown): string | null {
  const d = typeof date === 'string' ? /^(\d{4}-\d{2}-\d{2})/.exec(date)?.[1] : undefined;
  const n = Number(days);
  if (!d || days === null || days === undefined || days === '' || !Number.isInteger(n)) return null;
  return new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * `yearEnd`: the last day of the year `years` after the China year of a date or date-time (a value
 * as stored: YYYY-MM-DD, an ISO text or a Date). Points earned in 2026 expire on 2027-12-31.
 */
function yearEnd(value: unknown, years: number): string | null {
  if (value === undefined || value === null || value === '') return null;
  const text = value instanceof Date ? value.toISOString() : String(value);
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : undefined;
  const at = day ? undefined : Date.parse(text);
  if (!day && (at === undefined || Number.isNaN(at))) return null;
  // A moment's China year: UTC+8 (docs/decisions.md, dates).
  const year = day ? Number(day.slice(0, 4)) : new Date(at! + 8 * 3600_000).getUTCFullYear();
  return `${year + years}-12-31`;
}

/**
 * A date-time plus whole hours, as an ISO instant (`addHours`: a group's deadline = its opening time +
 * the campaign's time limit). The date-time may be a Date or any text Date.parse reads.
 */
function addHours(time: unknown, hours: unknown): string | null {
  const at = time instanceof Date ? time.getTime() : typeof time === 'string' ? Date.parse(time) : NaN;
  const n = Number(hours);
  if (Number.isNaN(at) || hours === null || hours === undefined || hours === '' || !Number.isInteger(n))
    return null;
  return new Date(at + n * 3_600_000).toISOString();
}

/**
 * `total`: the `plus` fields minus the `minus` fields of the same row, exactly (an order's paid amount
 * = goods + delivery fee − discount − coupon); a value not given yet is its field's default, else 0.
 */
function total(
  t: { plus: string[]; minus?: string[]; abs?: boolean; when?: Parameters<typeof conditionHolds>[0] },
  fields: Record<string, FieldDef>,
  f: FieldDef,
  row: Row,
): number | null {
  let acc = ZERO;
  // `when`: counted only while the condition holds (an adjustment statement charges no fee).
  if (t.when && !conditionHolds(t.when, row)) return toNumber(acc, decimalsOf(f));
  const term = (n: string) => parseDecimal(row[n] ?? fields[n]?.default) ?? ZERO;
  for (const n of t.plus) acc = add(acc, term(n));
  for (const n of t.minus ?? []) acc = add(acc, negate(term(n)));
  // `abs`: the magnitude (what a store settlement pays or collects, whichever way it goes).
  if (t.abs && acc.units < 0n) acc = negate(acc);
  return toNumber(acc, decimalsOf(f));
}

/** `sign`: the value for a positive, negative or zero (empty) number of the row: which way a store settlement is paid. */
function sign(c: { of: string; positive: number; negative: number; zero: number }, row: Row): number {
  const v = parseDecimal(row[c.of]);
  return !v || v.units === 0n ? c.zero : v.units < 0n ? c.negative : c.positive;
}

/**
 * `tier`: the band of `child` with the greatest `from` not above this row's `amount` gives a rate in
 * percent (a contract's rebate by purchase volume); the value is amount × rate / 100, or the rate.
 */
function tier(
  c: { child: string; from: string; rate: string; amount: string; value?: 'amount' | 'rate' },
  f: FieldDef,
  row: Row,
  lines: Record<string, readonly Row[]>,
): number | null {
  const amount = parseDecimal(row[c.amount]) ?? ZERO;
  let best: { from: Scaled; rate: Scaled } | undefined;
  for (const line of lines[c.child] ?? []) {
    const from = parseDecimal(line[c.from]);
    const rate = parseDecimal(line[c.rate]);
    if (!from || !rate || compare(from, amount) > 0) continue;
    if (!best || compare(from, best.from) >= 0) best = { from, rate };
  }
  const rate = best?.rate ?? ZERO;
  if (c.value === 'rate') return toNumber(rate, decimalsOf(f));
  return toNumber(multiply(multiply(amount, rate), { units: 1n, scale: 2 }), decimalsOf(f));
}

/** `percent`: amount × rate / 100, exact (a store settlement's commission on its sales). */
function percent(c: { amount: string; rate: string }, f: FieldDef, row: Row): number {
  const amount = parseDecimal(row[c.amount]) ?? ZERO;
  const rate = parseDecimal(row[c.rate]) ?? ZERO;
  return toNumber(multiply(multiply(amount, rate), { units: 1n, scale: 2 }), decimalsOf(f));
}

/** `ratio`: part / whole at the field's decimals (a sorting order's progress, 0.5 shown as 50.0%); 0 without a whole. */
function ratio(c: { part: string; whole: string }, f: FieldDef, row: Row): number {
  const part = Number(row[c.part] ?? 0);
  const whole = Number(row[c.whole] ?? 0);
  if (!Number.isFinite(part) || !Number.isFinite(whole) || whole === 0) return 0;
  const scale = 10 ** decimalsOf(f);
  return Math.round((part / whole) * scale) / scale;
}

/** a − b as a sign: negative, zero or positive. */
function compare(a: Scaled, b: Scaled): number {
  const d = add(a, negate(b)).units;
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The product fields of one line (or header) from its other values; a missing factor gives null. */
export function computeProducts(fields: Record<string, FieldDef>, row: Row): Row {
  const out: Row = {};
  for (const [name, f] of storedComputed(fields)) {
    const c = f['x-computed']!;
    if (c.difference) {
      // A value not given yet is its field's default (e.g. nothing received yet: 0).
      const [a, b] = c.difference.map((n) => parseDecimal(row[n] ?? out[n] ?? fields[n]?.default));
      out[name] = a && b ? toNumber(add(a, negate(b)), decimalsOf(f)) : null;
      continue;
    }
    if (c.first) {
      // The first of the fields with a value (e.g. a fixed end date, else issue day + days).
      const blank = (v: unknown) => v === undefined || v === null || v === '';
      out[name] = c.first.map((n) => row[n] ?? out[n]).find((v) => !blank(v)) ?? null;
      continue;
    }
    if (c.yearEnd) {
      const all = { ...row, ...out };
      out[name] = conditionHolds(c.yearEnd.when, all) ? yearEnd(all[c.yearEnd.from], c.yearEnd.years) : null;
      continue;
    }
    if (c.addDays) {
      out[name] = addDays(row[c.addDays[0]!] ?? out[c.addDays[0]!], row[c.addDays[1]!] ?? out[c.addDays[1]!]);
      continue;
    }
    if (c.addHours) {
      const [t, h] = c.addHours as [string, string];
      out[name] = addHours(row[t] ?? out[t], row[h] ?? out[h]);
      continue;
    }
    if (c.total) {
      out[name] = total(c.total, fields, f, { ...row, ...out });
      continue;
    }
    const factors = c.product;
    if (!factors) continue;
    let acc: Scaled | undefined = { units: 1n, scale: 0 };
    for (const factor of factors) {
      const v = parseDecimal(row[factor] ?? out[factor]);
      acc = v && acc ? multiply(acc, v) : undefined;
    }
    out[name] = acc ? toNumber(acc, decimalsOf(f)) : null;
  }
  return out;
}

/** Lines with their product fields filled in. */
export function computeLines(child: ChildDef, lines: readonly Row[]): Row[] {
  return lines.map((line) => ({ ...line, ...computeProducts(child.fields, line) }));
}

/** The header's sums and line counts over (already computed) lines, plus its own products. */
export function computeHeader(r: ResourceDef, header: Row, lines: Record<string, readonly Row[]>): Row {
  const out: Row = { ...computeProducts(r.fields, header) };
  for (const [name, f] of storedComputed(r.fields)) {
    const c = f['x-computed']!;
    if (c.sum) {
      const rows = lines[c.sum.child];
      if (!rows) continue;
      let total = ZERO;
      for (const row of rows) total = add(total, parseDecimal(row[c.sum.field]) ?? ZERO);
      out[name] = toNumber(total, decimalsOf(f));
    }
    if (c.lines) {
      const rows = lines[c.lines];
      if (rows) out[name] = rows.length;
    }
  }
  // Totals and tiers read the sums just computed (the paid amount reads the goods amount of the
  // lines), in file order, so a rebate (tier) may read a net amount (total) and a payable the rebate.
  for (const [name, f] of storedComputed(r.fields)) {
    const c = f['x-computed']!;
    if (c.total) out[name] = total(c.total, r.fields, f, { ...header, ...out });
    if (c.tier) out[name] = tier(c.tier, f, { ...header, ...out }, lines);
    if (c.percent) out[name] = percent(c.percent, f, { ...header, ...out });
    if (c.ratio) out[name] = ratio(c.ratio, f, { ...header, ...out });
    if (c.sign) out[name] = sign(c.sign, { ...header, ...out });
  }
  return out;
}

/** A whole document: its lines computed first, then the header over them. */
export function computeDocument(
  r: ResourceDef,
  header: Row,
  lines: Record<string, readonly Row[]>,
): { header: Row; lines: Record<string, Row[]> } {
  const computed: Record<string, Row[]> = {};
  for (const [key, rows] of Object.entries(lines)) computed[key] = computeLines(r.children![key]!, rows);
  return { header: { ...header, ...computeHeader(r, header, computed) }, lines: computed };
}
