import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { pickOrderFacts } from './PickPrintPage';
import { Signatures } from '../components/Signatures';
import { type Loaded, missing, ready } from '../sources/load';
import { loadPickOrder } from '../sources/pick-order';
import type { PickOrder, PickOrderLine } from '../sources/types';
import { formatQuantity, formatText, total } from '../format';
import { pickOrderStatus } from '../labels';

const columns: Column<PickOrderLine>[] = [
  indexColumn(),
  { key: 'shelfNo', title: '货位号', width: '10%', mono: true, render: (r) => formatText(r.shelfNo) },
  { key: 'commodityCode', title: '商品编码', width: '9%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '商品名称', render: (r) => r.commodityName },
  { key: 'commoditySpec', title: '规格', width: '11%', render: (r) => formatText(r.commoditySpec) },
  { key: 'barCode', title: '条码', width: '14%', mono: true, render: (r) => formatText(r.barCode) },
  {
    key: 'pickQuantity',
    title: '应拣数量',
    width: '9%',
    align: 'right',
    render: (r) => formatQuantity(r.pickQuantity),
  },
  { key: 'realPickQuantity', title: '实拣数量', width: '9%', render: () => <span className="pr-fill" /> },
  { key: 'check', title: '已拣', width: '5%', align: 'center', render: () => <span className="pr-check" /> },
  { key: 'remark', title: '备注', width: '9%', render: (r) => r.remark ?? '' },
];

/** Shelf order is walking order: the picker goes down the aisles once. Lines without a shelf go last. */
const byShelf = (a: PickOrderLine, b: PickOrderLine) =>
  (a.shelfNo ?? '\uffff').localeCompare(b.shelfNo ?? '\uffff') || a.lineNo - b.lineNo;

/**
 * The pick list (SPEC 2.14 'print pick list'): the lines still to pick, in shelf order, with boxes to
 * write the picked quantity and tick the line. A finished or cancelled order has nothing left to pick.
 */
async function loadUnpicked(code: string, signal: AbortSignal): Promise<Loaded<PickOrder> | undefined> {
  const loaded = await loadPickOrder(code, signal);
  if (loaded?.state !== 'ready') return loaded;
  const order = loaded.data;
  if (order.status === 0) return missing(`拣货单 ${code} 已取消，无法打印拣货清单`);
  const open = order.itemList.filter((l) => l.realPickQuantity === null).sort(byShelf);
  if (order.status === 40 || open.length === 0)
    return missing(`拣货单 ${code} 已无待拣商品，无需打印拣货清单`);
  return ready({ ...order, itemList: open });
}

export function UnpickedSheet({ order }: { order: PickOrder }) {
  return (
    <article className="pr-doc">
      <DocumentHeader title="拣货清单" code={order.pickOrderCode} stamp={pickOrderStatus(order.status)} />
      <InfoGrid
        items={[
          ...pickOrderFacts(order),
          { label: '待拣行数', value: order.itemList.length },
          { label: '开始时间', value: <span className="pr-fill" /> },
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
        }}
        after={<Signatures labels={['拣货人', '复核人', '完成时间', '日期']} />}
      />
    </article>
  );
}

export default function UnPickOrderPrintPage() {
  const { pickOrderCode = '' } = useParams();
  return (
    <PrintPage title="拣货清单" code={pickOrderCode} load={loadUnpicked}>
      {(order) => <UnpickedSheet order={order} />}
    </PrintPage>
  );
}
