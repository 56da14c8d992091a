/**
 * Exact decimal arithmetic for money and quantities (SPEC 9: money 2 decimals, quantity 3): values are
 * read from their decimal text into scaled integers (BigInt), so 0.1 + 0.2 is 0.3 and 1.005 × 3 is
 * 3.015, never a binary floating-point tail. Shared by the server (which computes the figures it
 * stores) and the browser (which shows the same figures live while the user types).
 */

export interface Scaled {
  /** The value × 10^scale. */
  units: bigint;
  scale: number;
}

/** A number or numeric text as a scaled integer; undefined when it is no finite number. */
export function parseDecimal(value: unknown): Scaled | undefined {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return undefined;
  const n = typeof value === 'number' ? value : Number(String(value).trim());
  if (!Number.isFinite(n)) return undefined;
  // The shortest text that reads back as the same double: what a person typed, not its binary form.
  const text = typeof value === 'number' ? toPlainText(value) : String(value).trim();
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m) return parseDecimal(n);
  const [, sign, whole = '', frac = ''] = m;
  const units = BigInt(`${whole || '0'}${frac}`) * (sign === '-' ? -1n : 1n);
  return { units, scale: frac.length };
}

/** A double as plain decimal text (no exponent). */
function toPlainText(n: number): string {
  const s = String(n);
  if (!/e/i.test(s)) return s;
  return n.toFixed(20).replace(/\.?0+$/, '');
}

function rescale(a: Scaled, scale: number): bigint {
  if (scale >= a.scale) return a.units * 10n ** BigInt(scale - a.scale);
  // Round half away from zero, as people round money.
  const div = 10n ** BigInt(a.scale - scale);
  const q = a.units / div;
  const r = a.units % div;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= div) return a.units < 0n ? q - 1n : q + 1n;
  return q;
}

/** A scaled value rounded to `decimals`, as a number (exact for the decimals money and quantities use). */
export function toNumber(a: Scaled, decimals: number): number {
  const units = rescale(a, decimals);
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0');
  const text = decimals ? `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}` : digits;
  return Number(`${negative ? '-' : ''}${text}`);
}

export function multiply(a: Scaled, b: Scaled): Scaled {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function add(a: Scaled, b: Scaled): Scaled {
  const scale = Math.max(a.scale, b.scale);
  return { units: rescale(a, scale) + rescale(b, scale), scale };
}

export const negate = (a: Scaled): Scaled => ({ units: -a.units, scale: a.scale });

export const ZERO: Scaled = { units: 0n, scale: 0 };
