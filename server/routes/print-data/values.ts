import { sql } from 'kysely';

/** Numeric columns arrive as strings from both drivers: numbers for the API, null kept. */
export const num = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined ? null : Number(v);

/** A date column as 'yyyy-MM-dd' text: read as a JS Date it would shift with the server's zone. */
export const dateText = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

/** An instant as ISO text (the browser formats it in China time). */
export const isoText = (v: Date | string | null | undefined): string | null =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/** Sum of line values with 3 (quantities) or 2 (money) decimals, free of binary-fraction noise. */
export function sum(values: (number | null)[], digits: 2 | 3): number {
  const scale = 10 ** digits;
  return values.reduce<number>((s, v) => s + Math.round((v ?? 0) * scale), 0) / scale;
}
