import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadPickOrder } from '../sources/pick-order';
import type { PickOrder, PickOrderLine } from '../sources/types';
import { formatMinute, formatQuantity, formatText, total } from '../format';
import { deliveryBatch, pickOrderStatus, pickZone } from '../labels';

const columns: Column<PickOrderLine>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '商品编码', width: '9%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '商品名称', render: (r) => r.commodityName },
  { key: 'commoditySpec', title: '规格', width: '11%', render: (r) => formatText(r.commoditySpec) },
  { key: 'barCode', title: '条码', width: '14%', mono: true, render: (r) => formatText(r.barCode) },
  { key: 'shelfNo', title: '货位号', width: '10%', mono: true, render: (r) => formatText(r.shelfNo) },
  {
    key: 'pickQuantity',
    title: '应拣数量',
    width: '9%',
    align: 'right',
    render: (r) => formatQuantity(r.pickQuantity),
  },
  {
    key: 'realPickQuantity',
    title: '实拣数量',
    width: '9%',
    align: 'right',
    render: (r) =>
      r.realPickQuantity === null ? <span className="pr-fill" /> : formatQuantity(r.realPickQuantity),
  },
  { key: 'remark', title: '备注', width: '11%', render: (r) => r.remark ?? '' },
];

/** The header facts both pick sheets print (the full sheet and the list of lines still to pick). */
export function pickOrderFacts(order: PickOrder) {
  return [
    { label: '门店', value: `${order.storeName}（${order.storeCode}）` },
    { label: '仓库', value: order.warehouseName },
    { label: '拣货区域', value: pickZone(order.pickZone) },
    { label: '配送批次', value: deliveryBatch(order.deliveryBatch) },
    { label: '拣货员', value: order.pickerName },
    { label: '制单人', value: order.userName },
    { label: '创建时间', value: formatMinute(order.createTime) },
  ];
}

/** The pick order as a whole (SPEC 2.14 'pick printing'): every line with what was asked and picked. */
export function PickOrderSheet({ order }: { order: PickOrder }) {
  const picked = order.itemList.some((l) => l.realPickQuantity !== null);
  return (
    <article className="pr-doc">
      <DocumentHeader title="拣货单" code={order.pickOrderCode} stamp={pickOrderStatus(order.status)} />
      <InfoGrid
        items={[
          ...pickOrderFacts(order),
          { label: '完成时间', value: order.finishTime ? formatMinute(order.finishTime) : null },
          { label: '商品行数', value: order.itemList.length },
          ...(order.remark ? [{ label: '备注', value: order.remark, span: 3 as const }] : []),
        ]}
      />
      <ItemTable
        columns={columns}
        rows={order.itemList}
        rowKey={(r) => r.lineNo}
        summary={{
          pickQuantity: formatQuantity(
            total(
              order.itemList.map((l) => l.pickQuantity),
              3,
            ),
          ),
          realPickQuantity: picked
            ? formatQuantity(
                total(
                  order.itemList.map((l) => l.realPickQuantity),
                  3,
                ),
              )
            : null,
        }}
        after={<Signatures labels={['制单人', '拣货人', '复核人', '日期']} />}
      />
    </article>
  );
}

export default function PickPrintPage() {
  const { pickOrderCode = '' } = useParams();
  return (
    <PrintPage title="拣货单" code={pickOrderCode} load={loadPickOrder}>
      {(order) => <PickOrderSheet order={order} />}
    </PrintPage>
  );
}
