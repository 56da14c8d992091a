/**
 * Dates as the console sends them. The product is used in China: a date-time without a zone
 * ('2026-03-01 08:30', what antd's pickers give) is China time, UTC+8 (docs/decisions.md);
 * one with Z or an offset is taken as written. Date-only bounds of a filter cover whole China days.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/;
const CHINA = '+08:00';

/**
 * The years a business date may fall in (issue 13.3): PostgreSQL refuses some extreme dates and
 * JavaScript others, so anything outside this sane range is a 400, never a database error.
 */
export const YEARS = { min: 1900, max: 2999 } as const;
/** The widest real time-zone offset (UTC+14, Kiribati); PostgreSQL refuses offsets beyond ±15:59. */
const MAX_OFFSET_HOURS = 14;

function validCalendar(y: number, m: number, d: number): boolean {
  if (y < YEARS.min || y > YEARS.max) return false;
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  return !!m && validCalendar(Number(m[1]), Number(m[2]), Number(m[3]));
}

/** ISO 8601 with an explicit offset, or undefined when the text is no valid date-time. */
export function normaliseDateTime(s: string): string | undefined {
  const m = DATE_TIME.exec(s);
  if (!m) return undefined;
  const [, y, mo, d, h, mi, sec = '00', frac = '', zone] = m;
  if (
    !validCalendar(Number(y), Number(mo), Number(d)) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(sec) > 59 ||
    !validOffset(zone)
  ) {
    return undefined;
  }
  const offset = !zone
    ? CHINA
    : zone === 'Z'
      ? 'Z'
      : zone.includes(':')
        ? zone
        : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  return `${y}-${mo}-${d}T${h}:${mi}:${sec}${frac}${offset}`;
}

function validOffset(zone: string | undefined): boolean {
  if (!zone || zone === 'Z') return true;
  const digits = zone.replace(':', '');
  return Number(digits.slice(1, 3)) <= MAX_OFFSET_HOURS && Number(digits.slice(3, 5)) <= 59;
}

/**
 * Whether a date or date-time text (any ISO spelling, e.g. ajv-formats' `date-time`) lies within
 * YEARS and has a real offset: hand-written routes' formats add this check (server/http/ajv-bounds.ts).
 */
export function withinDateBounds(s: string): boolean {
  const year = /^(\d{4})-/.exec(s);
  if (!year || Number(year[1]) < YEARS.min || Number(year[1]) > YEARS.max) return false;
  const zone = /([+-])(\d{2}):?(\d{2})$/.exec(s.slice(10));
  return !zone || validOffset(zone[0]);
}

export function isDateTime(s: string): boolean {
  return normaliseDateTime(s) !== undefined;
}

/** Start of a China day, and the start of the next one (exclusive upper bound). */
export function chinaDayStart(date: string): string {
  return `${date}T00:00:00${CHINA}`;
}

export function chinaNextDayStart(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  return `${next.toISOString().slice(0, 10)}T00:00:00${CHINA}`;
}

/** Today in China, yyyyMMdd (document codes). */
export function chinaCompactDate(now = new Date()): string {
  return new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replace(/-/g, '');
}
