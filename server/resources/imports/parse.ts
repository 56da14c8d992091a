import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/** A file's data rows as text, numbered as a spreadsheet shows them (the header is row 1). */
export interface SheetRows {
  headers: string[];
  rows: { row: number; cells: string[] }[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** What a cell shows, as text: dates as YYYY-MM-DD (China time is the sheet's own: no zone shift). */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date)
    return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((t) => t.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}

/**
 * Reads the first sheet of an .xlsx, or a CSV (UTF-8, with or without BOM; every cell kept as text,
 * so a code like 001234 keeps its zeros). Blank rows are skipped. Throws when the file cannot be read.
 */
export async function readRows(content: Buffer, csv: boolean): Promise<SheetRows> {
  const wb = new ExcelJS.Workbook();
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
