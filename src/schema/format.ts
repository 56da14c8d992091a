import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { DateTimeFormat } from '../generated/schema-files';

/**
 * Display formats of the value types (SPEC 9: money 2 decimals, quantity 3, dates yyyy-MM-dd with
 * HH:mm and HH:mm:ss variants). Pure functions of the value: the cells and the detail drawer share them.
 * Pinned by tests/unit/renderer/format.test.ts.
 */

/** What an empty cell shows. */
export const EMPTY = '-';

const CHINA_OFFSET_MINUTES = 8 * 60;

const isBlank = (v: unknown) => v === null || v === undefined || v === '';

function toNumber(v: unknown): number | undefined {
  if (isBlank(v) || typeof v === 'boolean') return undefined;
  const n = typeof v === 'number' ? v : Number(String(v).trim());
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Rounds half away from zero at `digits` decimals on the decimal text, so 1.005 gives 1.01
 * (toFixed alone gives 1.00: binary fractions).
 */
export function toFixedDecimal(n: number, digits: number): string {
  const sign = n < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(n)}e${digits}`));
  const rounded = sign * Number(`${shifted}e-${digits}`);
  return (Object.is(rounded, -0) ? 0 : rounded).toFixed(digits);
}

function group(fixed: string): string {
  const [int, frac] = fixed.split('.') as [string, string | undefined];
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}

/** Money: thousands separators and exactly 2 decimals ('1,234.50'). */
export function formatMoney(v: unknown): string {
  const n = toNumber(v);
  return n === undefined ? EMPTY : group(toFixedDecimal(n, 2));
}

/** Quantity: exactly 3 decimals, no grouping (weights and counts are read digit by digit). */
export function formatQuantity(v: unknown): string {
  const n = toNumber(v);
  return n === undefined ? EMPTY : toFixedDecimal(n, 3);
}

/** A plain number: as it is, with thousands separators on the integer part. */
export function formatDigit(v: unknown): string {
  const n = toNumber(v);
  return n === undefined ? EMPTY : group(String(n));
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const TIME_ONLY = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;
const HAS_ZONE = /(Z|[+-]\d{2}:?\d{2})$/;

let utcReady = false;

/**
 * A moment in China time (UTC+8), whatever the browser's zone: the product is used in China and the
 * server reads zoneless date-times as China time (src/schema/dates.ts).
 */
function chinaTime(v: unknown): dayjs.Dayjs | undefined {
  if (isBlank(v)) return undefined;
  if (!utcReady) {
    // Extended on first use rather than on import: importing this module changes nothing.
    dayjs.extend(utc);
    utcReady = true;
  }
  let input: string | number | Date;
  if (typeof v === 'number' || v instanceof Date) input = v;
  else {
    const s = String(v).trim();
    input = DATE_ONLY.test(s) ? `${s}T00:00:00+08:00` : HAS_ZONE.test(s) ? s : `${s.replace(' ', 'T')}+08:00`;
  }
  const d = dayjs(input);
  return d.isValid() ? d.utcOffset(CHINA_OFFSET_MINUTES) : undefined;
}

const DAYJS_FORMAT: Record<DateTimeFormat, string> = {
  'yyyy-MM-dd HH:mm': 'YYYY-MM-DD HH:mm',
  'yyyy-MM-dd HH:mm:ss': 'YYYY-MM-DD HH:mm:ss',
  'HH:mm': 'HH:mm',
  'HH:mm:ss': 'HH:mm:ss',
};

/**
 * Date-time texts already formatted, per format and input text: dayjs parsing and zone shifting is the
 * costliest part of a list cell, and a virtual table mounts the same rows' cells again on every scroll.
 * Bounded (cleared when full) so a long session cannot grow it without limit.
 */
const formatted = new Map<string, string>();
const FORMATTED_MAX = 5000;

function cached(kind: string, v: unknown, format: (v: unknown) => string): string {
  if (typeof v !== 'string') return format(v);
  const key = `${kind}\u0000${v}`;
  let out = formatted.get(key);
  if (out === undefined) {
    out = format(v);
    if (formatted.size >= FORMATTED_MAX) formatted.clear();
    formatted.set(key, out);
  }
  return out;
}

/** yyyy-MM-dd. A date-only value is shown as written (no zone shift). */
export function formatDate(v: unknown): string {
  if (typeof v === 'string' && DATE_ONLY.test(v.trim())) return v.trim();
  return cached('date', v, (x) => chinaTime(x)?.format('YYYY-MM-DD') ?? EMPTY);
}

/** Date and time in China time; default yyyy-MM-dd HH:mm:ss. */
export function formatDateTime(v: unknown, format: DateTimeFormat = 'yyyy-MM-dd HH:mm:ss'): string {
  return cached(format, v, (x) => chinaTime(x)?.format(DAYJS_FORMAT[format]) ?? EMPTY);
}

/** A time of day; default HH:mm:ss. Accepts 'HH:mm[:ss]' texts as well as full date-times. */
export function formatTime(v: unknown, format: DateTimeFormat = 'HH:mm:ss'): string {
  const timeFormat = format === 'HH:mm' || format === 'yyyy-MM-dd HH:mm' ? 'HH:mm' : 'HH:mm:ss';
  if (typeof v === 'string') {
    const m = TIME_ONLY.exec(v.trim());
    if (m) return timeFormat === 'HH:mm' ? `${m[1]}:${m[2]}` : `${m[1]}:${m[2]}:${m[3] ?? '00'}`;
  }
  return cached(`time ${timeFormat}`, v, (x) => chinaTime(x)?.format(timeFormat) ?? EMPTY);
}

/** Bytes per megabyte of the download-size rule (SPEC 9). */
const MB = 1048576;

/**
 * A file size (bytes) in megabytes with one decimal, or '暂无' when unknown (SPEC 5 'download size',
 * SPEC 9 ÷ 1048576). The download centre and the fileSize cell share it.
 */
export function formatSize(v: unknown): string {
  if (typeof v === 'string' && v.trim() === '') return '暂无';
  const n = toNumber(v);
  return n === undefined ? '暂无' : `${toFixedDecimal(n / MB, 1)}MB`;
}

/** A 0–1 ratio as a percentage with one decimal (0.8765 → '87.7%'), '-' when empty (valueType percent). */
export function formatPercent(v: unknown): string {
  const n = toNumber(v);
  return n === undefined ? EMPTY : `${toFixedDecimal(n * 100, 1)}%`;
}

/** Plain text of any value ('-' when empty). */
export function formatText(v: unknown): string {
  if (isBlank(v)) return EMPTY;
  if (Array.isArray(v)) return v.length ? v.join('、') : EMPTY;
  return String(v);
}

/** Yes/no in Chinese. */
export function formatBoolean(v: unknown): string {
  if (isBlank(v)) return EMPTY;
  return v === true || v === 1 || v === '1' || v === 'true' ? '是' : '否';
}
