import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadUnupList } from '../sources/stored';
import type { UnshelvedItem, UnupListPrintData } from '../sources/types';
import { formatText } from '../format';
import { upStatus } from '../labels';

const columns: Column<UnshelvedItem>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '商品编码', width: '10%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '商品名称', render: (r) => r.commodityName },
  { key: 'commoditySpec', title: '规格', width: '12%', render: (r) => formatText(r.commoditySpec) },
  { key: 'commodityUnit', title: '单位', width: '6%', align: 'center', render: (r) => r.commodityUnit },
  { key: 'plankCode', title: '托盘号', width: '11%', mono: true, render: (r) => formatText(r.plankCode) },
  { key: 'shelfNo', title: '货位号', width: '10%', mono: true, render: (r) => formatText(r.shelfNo) },
  {
    key: 'upStatus',
    title: '上架状态',
    width: '8%',
    align: 'center',
    render: (r) => <span className={r.upStatus ? 'pr-done' : undefined}>{upStatus(r.upStatus)}</span>,
  },
  // Where the goods actually went, written on the floor; shelved lines are done.
  {
    key: 'actual',
    title: '实际货位',
    width: '11%',
    render: (r) => (r.upStatus ? '' : <span className="pr-fill" />),
  },
];

/** The putaway list (SPEC 2.14 'un-shelved goods list'): what is still to be put on a shelf, and where. */
export function UnupListSheet({ param, data }: { param: string; data: UnupListPrintData }) {
  const waiting = data.items.filter((i) => !i.upStatus).length;
  return (
    <article className="pr-doc">
      <DocumentHeader title="上架单" code={param} stamp={`未上架 ${waiting} 项`} />
      <InfoGrid
        items={[
          { label: '仓库', value: data.warehouseName },
          { label: '收货单号', value: data.receiveCode },
          { label: '商品行数', value: data.items.length },
          { label: '未上架', value: waiting },
          { label: '已上架', value: data.items.length - waiting },
        ]}
      />
      <ItemTable
        columns={columns}
        rows={data.items}
        rowKey={(r, i) => `${r.commodityCode}-${i}`}
        summary={{ upStatus: `${waiting} / ${data.items.length}` }}
        after={<Signatures labels={['上架人', '复核人', '上架时间', '日期']} />}
      />
    </article>
  );
}

export default function UnupListPrintPage() {
  const { param = '' } = useParams();
  return (
    <PrintPage title="上架单" code={param} load={loadUnupList}>
      {(data) => <UnupListSheet param={param} data={data} />}
    </PrintPage>
  );
}
