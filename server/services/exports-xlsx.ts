import type { DateTimeFormat } from '../../src/generated/schema-files';
import {
  formatBoolean,
  formatDate,
  formatDateTime,
  formatPercent,
  formatSize,
  formatText,
  formatTime,
} from '../../src/schema/format';
import type { EnumDef } from '../../src/schema/types';

/**
 * The .xlsx of an export: one header row of column titles, then one row per list row, each cell as the
 * list page shows it (enum labels, China-time dates, money with 2 decimals and quantities with 3 as
 * numbers with that format). Written as a stream, so a large export never sits in memory.
 * Pinned by tests/server/panels-exports.test.ts.
 */
export interface ExportColumn {
  field: string;
  title: string;
  valueType: string;
  format?: DateTimeFormat;
  enumDef?: EnumDef;
  /** Hidden on the page until shown in its column settings: exported only when asked for. */
  hidden?: boolean;
}

/**
 * Text a spreadsheet could take for a formula (= + - @, and tab or carriage return before them) is
 * prefixed with an apostrophe, so that opening or re-saving the file never runs it (CSV injection).
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const NUMBER_FORMATS: Record<string, string> = {
  money: '#,##0.00',
  quantity: '0.000',
  digit: '#,##0.########',
};

/** One cell: a number for numeric columns, otherwise the text the screen shows (neutralised). */
export function cellValue(col: ExportColumn, value: unknown): string | number | null {
  // The screen says '暂无' for an unknown size; the file says the same.
  if (col.valueType === 'fileSize') return formatSize(value);
  if (value === null || value === undefined || value === '') return null;
  if (col.valueType === 'percent') return formatPercent(value);
  switch (col.valueType) {
    case 'money':
    case 'quantity':
    case 'digit': {
      const n = Number(value);
      return Number.isFinite(n) ? n : neutralise(String(value));
    }
    case 'enum': {
      const item = col.enumDef?.items.find((i) => String(i.value) === String(value));
      return neutralise(item?.label ?? String(value));
    }
    case 'date':
      return formatDate(value);
    case 'dateTime':
      return formatDateTime(value, col.format);
    case 'time':
      return formatTime(value, col.format);
    case 'boolean':
      return formatBoolean(value);
    case 'tags':
      return neutralise(Array.isArray(value) ? value.map(String).join('、') : String(value));
    default:
      return neutralise(formatText(value));
  }
}

export interface SheetWriter {
  add(rows: Record<string, unknown>[]): void;
  /**
   * Writes the end of the workbook and closes the file. Safe to call again (a runner's error path
   * finishes what its happy path may already have finished): the second call gets the first call's
   * outcome. ExcelJS's archiver, finalised twice, emits an 'error' event nobody listens to, which
   * ended the whole server (a cancel that arrived while the last batch was being written).
   */
  finish(): Promise<void>;
}

/**
 * Opens a streaming workbook at `file` with the header row written. ExcelJS is loaded on the first
 * export, not at start: loading it was close to a second of every server start.
 */
export async function openSheet(
  file: string,
  sheetName: string,
  columns: ExportColumn[],
): Promise<SheetWriter> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: file,
    useStyles: true,
    useSharedStrings: false,
  });
  // Sheet names: at most 31 characters, none of []:*?/\ .
  const sheet = workbook.addWorksheet(sheetName.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Sheet1');
  sheet.columns = columns.map((c) => ({
    key: c.field,
    width: Math.max(10, Math.min(40, c.title.length * 2 + 4)),
    ...(NUMBER_FORMATS[c.valueType] ? { style: { numFmt: NUMBER_FORMATS[c.valueType] } } : {}),
  }));
  sheet.addRow(columns.map((c) => neutralise(c.title))).commit();
  let finished: Promise<void> | undefined;
  return {
    add(rows) {
      if (finished) throw new Error('export sheet already finished');
      for (const row of rows) sheet.addRow(columns.map((c) => cellValue(c, row[c.field]))).commit();
    },
    finish() {
      finished ??= (async () => {
        sheet.commit();
        await workbook.commit();
      })();
      return finished;
    },
  };
}
