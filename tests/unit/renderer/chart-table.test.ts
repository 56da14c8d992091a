import { describe, expect, it } from 'vitest';
import page from '@schemas/pages/admin/platformReconciliation.json';
import platformOrder from '@schemas/resources/platformOrder.json';
import { enumDef } from '@/renderer/catalogue';
import { tableChart, tableCsv } from '@/renderer/charts/table-rows';
import { buildPageModel } from '@/renderer/resolve';
import type { PageDef, ResourceDef } from '@/renderer/schema-types';

const model = buildPageModel(
  page as unknown as PageDef,
  platformOrder as unknown as ResourceDef,
  'pages/admin/platformReconciliation.json',
);

// A table chart (chart type `table`): the reconciliation's groups as rows, every measure a column.
describe('table charts', () => {
  const chart = model.charts.find((c) => c.type === 'table')!;

  it('resolve three dimensions and the further measures with their decimals', () => {
    expect(model.problems).toEqual([]);
    expect(chart.dimensions.map((d) => d.title)).toEqual(['下单时间', '平台', '门店']);
    expect(chart.measureTitle).toBe('平台结算金额');
    expect(chart.measures).toEqual([
      { name: 'orders', title: '订单数', decimals: 0 },
      { name: 'ourAmount', title: '我方应收金额', decimals: 2 },
      { name: 'differenceAmount', title: '差额', decimals: 2 },
    ]);
  });

  it('names the keys as charts do and writes the figures at their decimals to CSV', () => {
    const t = tableChart(
      chart,
      [
        {
          key: '2026-11-19',
          series: 1,
          detail: 11,
          detailLabel: '杭州文三路店',
          value: 90.2,
          values: { orders: 2, ourAmount: 91.7, differenceAmount: -1.5 },
        },
      ],
      enumDef,
    );
    expect(t.headers).toEqual(['下单时间', '平台', '门店', '平台结算金额', '订单数', '我方应收金额', '差额']);
    expect(t.rows).toEqual([
      { cells: ['2026-11-19', '美团', '杭州文三路店'], figures: [90.2, 2, 91.7, -1.5] },
    ]);
    expect(tableCsv(t)).toBe(
      '\uFEFF下单时间,平台,门店,平台结算金额,订单数,我方应收金额,差额\r\n2026-11-19,美团,杭州文三路店,90.20,2,91.70,-1.50\r\n',
    );
  });

  it('a chart of three dimensions other than a table is a problem', () => {
    const broken = buildPageModel(
      { ...page, charts: [{ aggregate: 'byPlatformStoreDay', type: 'column' }] } as unknown as PageDef,
      platformOrder as unknown as ResourceDef,
      'p.json',
    );
    expect(broken.problems.map((p) => p.text)).toEqual([
      '配置错误：p.json /charts/0 的统计“byPlatformStoreDay”有三个分组，只能用 table 显示',
    ]);
  });
});
