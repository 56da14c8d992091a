import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from '@/i18n';
import type { AggregateRow } from '@/schema/resolved';
import type { ChartView } from '@/schema/resolve/charts';
import { enumDef } from '../catalogue';
import { shownFigure, tableChart, tableCsv } from './table-rows';

function download(name: string, text: string) {
  const blob = new Blob([text], { type: 'text/csv;charset=utf-8' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

/** A table chart: the aggregate's groups as rows with every measure, downloadable as CSV. */
export function AggregateTable({ chart, rows }: { chart: ChartView; rows: AggregateRow[] }) {
  const { t } = useTranslation();
  const model = useMemo(() => tableChart(chart, rows, enumDef), [chart, rows]);
  const dims = chart.dimensions.length;
  const columns = model.headers.map((title, i) => ({
    key: String(i),
    title,
    align: i >= dims ? ('right' as const) : undefined,
    render: (_: unknown, r: (typeof model.rows)[number]) =>
      i < dims ? r.cells[i] : shownFigure(r.figures[i - dims]!, model.decimals[i - dims] ?? 0),
  }));
  return (
    <div data-chart-table>
      <div style={{ textAlign: 'right', marginBottom: 8 }}>
        <Button
          size="small"
          icon={<DownloadOutlined />}
          onClick={() => download(chart.title, tableCsv(model))}
          data-chart-download
        >
          {t('charts.download')}
        </Button>
      </div>
      <Table
        size="small"
        rowKey="key"
        columns={columns}
        dataSource={model.rows.map((r, i) => ({ ...r, key: i }))}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        scroll={{ y: chart.height }}
      />
    </div>
  );
}
