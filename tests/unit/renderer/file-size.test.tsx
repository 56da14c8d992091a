import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import appVersionPage from '@schemas/pages/admin/appVersionList.json';
import appVersion from '@schemas/resources/appVersion.json';
import { formatSize } from '@/schema/format';
import { widgetFor } from '@/renderer/list/columns';
import { buildPageModel } from '@/renderer/resolve';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';
import type { ResolvedColumn } from '@/renderer/widgets/types';
import { cellValue } from '@server/services/exports-xlsx';

// SPEC 5 'download size' and SPEC 9: megabytes (÷ 1048576) with one decimal, or '暂无' when unknown.
// One formatter for the download centre and the fileSize cell of list pages.
describe('file sizes', () => {
  it('shows bytes as MB with one decimal', () => {
    expect(formatSize(1048576)).toBe('1.0MB');
    expect(formatSize(320 * 1024)).toBe('0.3MB');
    expect(formatSize(52_428_800)).toBe('50.0MB');
    expect(formatSize(1_625_292)).toBe('1.5MB');
    // Half a tenth rounds up (1.05 MB), as written on the decimal text.
    expect(formatSize(1.05 * 1048576)).toBe('1.1MB');
    expect(formatSize(0)).toBe('0.0MB');
    expect(formatSize('2097152')).toBe('2.0MB');
  });

  it("says '暂无' when the size is unknown", () => {
    for (const v of [null, undefined, '', '   ', 'abc', Number.NaN, true]) expect(formatSize(v)).toBe('暂无');
  });

  it('the fileSize cell renders the same text', () => {
    const column: ResolvedColumn = {
      field: 'appSize',
      title: '安装包大小',
      valueType: 'fileSize',
      source: { file: 'schemas/pages/admin/appVersionList.json', path: '/columns/3' },
    };
    const Cell = widgetFor(column);
    const cell = (value: unknown) =>
      renderToStaticMarkup(<Cell value={value} row={{ appSize: value }} column={column} />);
    expect(cell(3_145_728)).toContain('>3.0MB<');
    expect(cell(null)).toContain('>暂无<');
    expect(cell(null)).toContain('data-file-size');
  });

  it('an exported fileSize cell reads as the screen does', () => {
    const col = { field: 'appSize', title: '安装包大小', valueType: 'fileSize' };
    expect(cellValue(col, 1048576)).toBe('1.0MB');
    expect(cellValue(col, null)).toBe('暂无');
  });

  it('the app-version list shows the package size as fileSize, right-aligned like numbers', () => {
    const m = buildPageModel(
      appVersionPage as unknown as PageDef,
      appVersion as ResourceDef,
      'schemas/pages/admin/appVersionList.json',
    );
    expect(m.problems).toEqual([]);
    expect(m.columns.find((c) => c.field === 'appSize')).toMatchObject({
      valueType: 'fileSize',
      title: '安装包大小',
    });
  });
});
