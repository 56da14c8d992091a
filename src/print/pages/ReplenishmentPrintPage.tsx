import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadReplenishment } from '../sources/stored';
import type { ReplenishmentPrintData, ReplenishmentRow } from '../sources/types';
import { formatQuantity, formatText, total } from '../format';
import { REPLENISHMENT_DONE, replenishmentStatus } from '../labels';

const done = (r: ReplenishmentRow) => r.status === REPLENISHMENT_DONE;

function columns(withCommodity: boolean): Column<ReplenishmentRow>[] {
  return [
    indexColumn(),
    ...(withCommodity
      ? [
          {
            key: 'commodity',
            title: '商品',
            render: (r: ReplenishmentRow) => (
              <>
                {formatText(r.commodityName)}
                <div className="pr-mono">{r.commodityCode ?? ''}</div>
              </>
            ),
          },
        ]
      : []),
    {
      key: 'warehouseName',
      title: '仓库',
      width: withCommodity ? '13%' : undefined,
      render: (r) => r.warehouseName,
    },
    { key: 'storageShelfNo', title: '存储货位', width: '11%', mono: true, render: (r) => r.storageShelfNo },
    { key: 'shelfNo', title: '拣货货位', width: '11%', mono: true, render: (r) => r.shelfNo },
    { key: 'realName', title: '补货人', width: '9%', render: (r) => r.realName },
    {
      key: 'replenishmentQuantity',
      title: '应补数量',
      width: '10%',
      align: 'right',
      render: (r) => formatQuantity(r.replenishmentQuantity),
    },
    {
      key: 'realReplenishmentQuantity',
      title: '实补数量',
      width: '10%',
      align: 'right',
      // SPEC 3: status 2 is done and read-only: its quantity is printed, never left to fill in.
      render: (r) => (done(r) ? formatQuantity(r.realReplenishmentQuantity) : <span className="pr-fill" />),
    },
    {
      key: 'status',
      title: '状态',
      width: '8%',
      align: 'center',
      render: (r) => (
        <span className={done(r) ? 'pr-done' : undefined}>
          {done(r) ? `✓ ${replenishmentStatus(r.status)}` : replenishmentStatus(r.status)}
        </span>
      ),
    },
  ];
}

/** The replenishment list (SPEC 2.14 'replenishment printing'): from storage shelf to pick shelf. */
export function ReplenishmentSheet({ param, data }: { param: string; data: ReplenishmentPrintData }) {
  const { rows } = data;
  const finished = rows.filter(done).length;
  const warehouses = [...new Set(rows.map((r) => r.warehouseName))];
  const people = [...new Set(rows.map((r) => r.realName))];
  return (
    <article className="pr-doc">
      <DocumentHeader title="补货单" code={param} stamp={`已完成 ${finished} / ${rows.length}`} />
      <InfoGrid
        items={[
          { label: '仓库', value: warehouses.join('、') },
          { label: '补货人', value: people.join('、'), span: 2 },
          { label: '补货行数', value: rows.length },
          { label: '已完成', value: finished },
          { label: '待完成', value: rows.length - finished },
        ]}
      />
      <ItemTable
        columns={columns(rows.some((r) => r.commodityCode || r.commodityName))}
        rows={rows}
        rowKey={(r, i) => `${r.storageShelfNo}-${r.shelfNo}-${i}`}
        summary={{
          replenishmentQuantity: formatQuantity(
            total(
              rows.map((r) => r.replenishmentQuantity),
              3,
            ),
          ),
          realReplenishmentQuantity: finished
            ? formatQuantity(
                total(
                  rows.filter(done).map((r) => r.realReplenishmentQuantity),
                  3,
                ),
              )
            : null,
        }}
        after={<Signatures labels={['补货人', '复核人', '完成时间', '日期']} />}
      />
    </article>
  );
}

export default function ReplenishmentPrintPage() {
  const { param = '' } = useParams();
  return (
    <PrintPage title="补货单" code={param} load={loadReplenishment}>
      {(data) => <ReplenishmentSheet param={param} data={data} />}
    </PrintPage>
  );
}
