import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { openSheet } from '@server/services/exports-xlsx';

/**
 * The export's sheet writer is finished by the runner's happy path and again by its error path (a
 * cancel that lands while the last batch is written). ExcelJS finalised twice emitted an 'error' event
 * that ended the whole server under the browser tests; a second finish now shares the first's outcome.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-writer-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const columns = [
  { field: 'code', title: '编码', valueType: 'text' },
  { field: 'amount', title: '金额', valueType: 'money' },
];

describe('export sheet writer', () => {
  it('finishes once however often finish is called, and the file holds every row', async () => {
    const file = path.join(dir, 'twice.xlsx');
    const sheet = await openSheet(file, '测试', columns);
    sheet.add(Array.from({ length: 2000 }, (_, i) => ({ code: `C${i}`, amount: i / 4 })));
    const first = sheet.finish();
    const second = sheet.finish();
    await Promise.all([first, second]);
    await expect(sheet.finish()).resolves.toBeUndefined();
    // The process is still here and the workbook is whole.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const ws = wb.worksheets[0]!;
    expect(ws.rowCount).toBe(2001);
    expect(ws.getRow(1).values).toEqual([undefined, '编码', '金额']);
    expect(ws.getRow(2001).getCell(2).value).toBe(499.75);
  });

  it('refuses rows after it finished instead of writing into a closed archive', async () => {
    const sheet = await openSheet(path.join(dir, 'closed.xlsx'), '测试', columns);
    await sheet.finish();
    expect(() => sheet.add([{ code: 'late', amount: 1 }])).toThrow(/already finished/);
  });
});
