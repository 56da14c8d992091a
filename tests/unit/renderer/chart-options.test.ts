import { describe, expect, it } from 'vitest';
import purchaseOrderPage from '@schemas/pages/admin/purchaseOrderList.json';
import purchaseOrder from '@schemas/resources/purchaseOrder.json';
import { enumDef } from '@/renderer/catalogue';
import { chartOption, formatValue, keyLabel } from '@/renderer/charts/chart-options';
import { buildPageModel } from '@/renderer/resolve';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';

const model = buildPageModel(
  purchaseOrderPage as unknown as PageDef,
  purchaseOrder as unknown as ResourceDef,
  'pages/admin/purchaseOrderList.json',
);
const chart = (aggregate: string) => model.charts.find((c) => c.aggregate === aggregate)!;

describe('schema charts', () => {
  it('resolve against the resource aggregates: titles, sizes, decimals, enum dimensions', () => {
    expect(model.problems).toEqual([]);
    expect(model.charts.map((c) => [c.aggregate, c.type, c.span, c.height])).toEqual([
      ['amountTotal', 'statistic', 12, 96],
      ['orderCount', 'statistic', 12, 96],
      ['amountByMonth', 'column', 8, 280],
      ['amountBySupplier', 'bar', 8, 280],
      ['countByStatus', 'pie', 8, 280],
    ]);
    expect(chart('amountTotal')).toMatchObject({ title: '采购总额', decimals: 2 });
    expect(chart('orderCount').decimals).toBe(0);
    expect(chart('countByStatus').dimensions).toEqual([
      { field: 'status', title: '状态', enumName: 'purchaseOrderStatus' },
    ]);
  });

  it('a chart naming no aggregate of the resource is a problem naming the file and path', () => {
    const page = { ...purchaseOrderPage, charts: [{ aggregate: 'nothing', type: 'pie' }] };
    const broken = buildPageModel(
      page as unknown as PageDef,
      purchaseOrder as unknown as ResourceDef,
      'p.json',
    );
    expect(broken.charts).toEqual([]);
    expect(broken.problems.map((p) => p.text)).toEqual([
      '配置错误：p.json /charts/0 的统计“nothing”不是资源的 aggregates',
    ]);
  });

  it('labels keys by the server label, else the enum, else the key; empty keys read （空）', () => {
    const d = chart('countByStatus').dimensions[0];
    expect(keyLabel(d, 20, undefined, enumDef)).toBe('已审批');
    expect(keyLabel(d, 20, '别名', enumDef)).toBe('别名');
    expect(keyLabel(d, null, undefined, enumDef)).toBe('（空）');
    expect(keyLabel({ field: 'x', title: 'x', boolean: true }, false, undefined, enumDef)).toBe('否');
    expect(formatValue(1234567.5, 2)).toBe('1,234,567.50');
  });

  it('draws a pie from enum groups and horizontal bars ranked as the server ordered them', () => {
    const pie = chartOption(
      chart('countByStatus'),
      [
        { key: 0, value: 3 },
        { key: 40, value: 7 },
      ],
      enumDef,
    );
    expect(pie.series[0].data).toEqual([
      { name: '草稿', value: 3 },
      { name: '已收货', value: 7 },
    ]);
    const bars = chartOption(
      chart('amountBySupplier'),
      [
        { key: 5, label: '山东寿光蔬菜基地', value: 900.5 },
        { key: 2, label: '云南高原果业', value: 120 },
      ],
      enumDef,
    );
    expect(bars.yAxis).toMatchObject({
      type: 'category',
      inverse: true,
      data: ['山东寿光蔬菜基地', '云南高原果业'],
    });
    expect(bars.series).toEqual([{ type: 'bar', name: '供应商采购金额排行', data: [900.5, 120] }]);
  });

  it('a second dimension becomes the series, missing pairs are 0', () => {
    const daily = {
      ...chart('amountByMonth'),
      type: 'line' as const,
      dimensions: [
        { field: 'createTime', title: '创建时间', bucket: 'day' },
        { field: 'status', title: '状态', enumName: 'purchaseOrderStatus' },
      ],
    };
    const option = chartOption(
      daily,
      [
        { key: '2026-11-01', series: 20, value: 5 },
        { key: '2026-11-02', series: 40, value: 8 },
      ],
      enumDef,
    );
    expect(option.xAxis.data).toEqual(['2026-11-01', '2026-11-02']);
    expect(option.series.map((s: { name: string; data: number[] }) => [s.name, s.data])).toEqual([
      ['已审批', [5, 0]],
      ['已收货', [0, 8]],
    ]);
    expect(option.legend).toBeDefined();
  });
});
