import { Readable } from 'node:stream';
import type ExcelJS from 'exceljs';

/** A file's data rows as text, numbered as a spreadsheet shows them (the header is row 1). */
export interface SheetRows {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * What a cell shows, as text: dates as YYYY-MM-DD, with HH:mm:ss when the cell has a time of day (China
 * time is the sheet's own: no zone shift).
 */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const day = `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
    const secs = value.getUTCHours() * 3600 + value.getUTCMinutes() * 60 + value.getUTCSeconds();
    return secs
      ? `${day} ${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}`
      : day;
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/** A JSON value of a record as a cell's text: numbers and booleans as written, objects as JSON. */
const jsonText = (v: unknown): string =>
  v === null || v === undefined
    ? ''
    : typeof v === 'object'
      ? JSON.stringify(v)
      : typeof v === 'boolean'
        ? v
          ? '是'
          : '否'
        : String(v);

/**
 * Reads a JSON file as rows: an array of records (or an object holding one under any key, as platform
 * APIs wrap their lists: { "orders": [...] }), each record's keys naming its columns. Record n is row
 * n + 1, as if the keys were a header row above it, so errors read like a sheet's.
 */
export function readJsonRows(content: Buffer): SheetRows {
  const data: unknown = JSON.parse(content.toString('utf8').replace(/^\uFEFF/, ''));
  const list = Array.isArray(data)
    ? data
    : data && typeof data === 'object'
      ? Object.values(data).find(Array.isArray)
      : undefined;
  if (!list) throw new Error('no list of records');
  const headers: string[] = [];
  for (const rec of list)
    if (rec && typeof rec === 'object')
      for (const k of Object.keys(rec)) if (!headers.includes(k)) headers.push(k);
  const rows: SheetRows['rows'] = [];
  list.forEach((rec: unknown, i: number) => {
    const o = (rec && typeof rec === 'object' ? rec : {}) as Record<string, unknown>;
    const cells = headers.map((h) => jsonText(o[h]).trim());
    if (cells.some((c) => c !== '')) rows.push({ row: i + 2, cells });
  });
  return { headers, rows };
}

/**
 * Reads the first sheet of an .xlsx, or a CSV (UTF-8, with or without BOM; every cell kept as text,
 * so a code like 001234 keeps its zeros). Blank rows are skipped. Throws when the file cannot be read.
 */
export async function readRows(content: Buffer, csv: boolean): Promise<SheetRows> {
  // Loaded when a file is read or written, not with the server (issue 21.5: start-up).
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  let sheet: ExcelJS.Worksheet | undefined;
  if (csv) {
    const text = content.toString('utf8').replace(/^\uFEFF/, '');
    sheet = await wb.csv.read(Readable.from([text]), { map: (v: unknown) => v } as never);
  } else {
    await wb.xlsx.load(content as never);
    sheet = wb.worksheets[0];
  }
  if (!sheet) return { headers: [], rows: [] };
  const headers: string[] = [];
  const rows: SheetRows['rows'] = [];
  sheet.eachRow({ includeEmpty: false }, (r, n) => {
    const cells: string[] = [];
    r.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellText(cell.value).trim();
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (n === 1) headers.push(...cells);
    else if (cells.some((c) => c !== '')) rows.push({ row: n, cells });
  });
  return { headers, rows };
}
