import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadReceive } from '../sources/stored';
import type { ReceiveLine, ReceivePrintData } from '../sources/types';
import { formatDate, formatMinute, formatQuantity, formatText, total } from '../format';

const size = (v: number | null | undefined) => (v === null || v === undefined ? '-' : String(v));

const columns: Column<ReceiveLine>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '商品编码', width: '9%', mono: true, render: (r) => r.commodityCode },
  {
    key: 'commodityName',
    title: '商品名称',
    render: (r) => (
      <>
        {formatText(r.commodityName)}
        {r.commoditySpec ? <div>{r.commoditySpec}</div> : null}
      </>
    ),
  },
  {
    key: 'realQuantity',
    title: '实收数量',
    width: '9%',
    align: 'right',
    render: (r) => formatQuantity(r.realQuantity),
  },
  { key: 'numberUnit', title: '单位', width: '5%', align: 'center', render: (r) => r.numberUnit },
  {
    key: 'productionTime',
    title: '生产日期',
    width: '10%',
    align: 'center',
    render: (r) => formatDate(r.productionTime),
  },
  {
    key: 'expirationTime',
    title: '到期日期',
    width: '10%',
    align: 'center',
    render: (r) => formatDate(r.expirationTime),
  },
  {
    key: 'qualityDays',
    title: '保质期(天)',
    width: '7%',
    align: 'right',
    render: (r) => size(r.qualityDays),
  },
  {
    key: 'size',
    title: '尺寸(cm)',
    width: '13%',
    align: 'center',
    render: (r) => `${size(r.length)}×${size(r.width)}×${size(r.height)}`,
  },
  {
    key: 'weight',
    title: '重量(kg)',
    width: '8%',
    align: 'right',
    render: (r) => (r.weight === null || r.weight === undefined ? '-' : formatQuantity(r.weight)),
  },
];

/** The receipt (SPEC 2.14 'receiving printing'): the purchase it belongs to and every line received. */
export function ReceiveSheet({ code, data }: { code: string; data: ReceivePrintData }) {
  const { referOrder, commodityList } = data;
  return (
    <article className="pr-doc">
      <DocumentHeader title="收货单" code={code} />
      <InfoGrid
        items={[
          { label: '采购单号', value: referOrder.purchaseCode },
          { label: '收货仓库', value: referOrder.warehouseName },
          { label: '供应商', value: referOrder.supplierName },
          { label: '制单人', value: referOrder.createName },
          { label: '收货人', value: data.receiveName },
          { label: '收货时间', value: data.receiveTime ? formatMinute(data.receiveTime) : null },
          { label: '商品行数', value: commodityList.length },
        ]}
      />
      <ItemTable
        columns={columns}
        rows={commodityList}
        rowKey={(r, i) => `${r.commodityCode}-${i}`}
        summary={{
          realQuantity: formatQuantity(
            total(
              commodityList.map((l) => l.realQuantity),
              3,
            ),
          ),
        }}
        after={<Signatures labels={['送货人', '收货人', '质检员', '仓管员']} />}
      />
    </article>
  );
}

export default function ReceivePrintPage() {
  const { receiveCode = '' } = useParams();
  return (
    <PrintPage title="收货单" code={receiveCode} load={loadReceive}>
      {(data) => <ReceiveSheet code={receiveCode} data={data} />}
    </PrintPage>
  );
}
