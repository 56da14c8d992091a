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

/** The commodity facts every printed line starts with, as the line tables store them. */
export interface CommodityLineRow {
  lineNo: number;
  commodityCode: string;
  commodityName: string;
  commoditySpec: string | null;
  unitName: string | null;
  quantity: string | number;
  price: string | number;
}

/** A sales line's shared part (obtain-out and shop-app orders): numbers as numbers. */
export const commodityLine = (l: CommodityLineRow) => ({
  lineNo: l.lineNo,
  commodityCode: l.commodityCode,
  commodityName: l.commodityName,
  commoditySpec: l.commoditySpec,
  unitName: l.unitName,
  quantity: num(l.quantity)!,
  price: num(l.price)!,
});
