import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadObtainOrder } from '../sources/obtain-order';
import type { ObtainOrder, ObtainOrderLine } from '../sources/types';
import {
  formatDate,
  formatMinute,
  formatMoney,
  formatQuantity,
  formatText,
  moneyInCapitals,
} from '../format';
import { approvalStatus } from '../labels';

const columns: Column<ObtainOrderLine>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '物品编码', width: '9%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '物品名称', render: (r) => r.commodityName },
  { key: 'commoditySpec', title: '规格', width: '13%', render: (r) => formatText(r.commoditySpec) },
  { key: 'unitName', title: '单位', width: '6%', align: 'center', render: (r) => r.unitName },
  {
    key: 'quantity',
    title: '申领数量',
    width: '10%',
    align: 'right',
    render: (r) => formatQuantity(r.quantity),
  },
  {
    key: 'pickQuantity',
    title: '实发数量',
    width: '10%',
    align: 'right',
    render: (r) => (r.pickQuantity === null ? <span className="pr-fill" /> : formatQuantity(r.pickQuantity)),
  },
  { key: 'price', title: '单价', width: '9%', align: 'right', render: (r) => formatMoney(r.price) },
  {
    key: 'pickAmount',
    title: '金额',
    width: '10%',
    align: 'right',
    render: (r) => formatMoney(r.pickAmount),
  },
];

/** The department requisition slip (SPEC 2.14 'department claim'): what was asked, issued and what it cost. */
export function ObtainSheet({ order }: { order: ObtainOrder }) {
  const issued = order.items.some((l) => l.pickQuantity !== null);
  return (
    <article className="pr-doc">
      <DocumentHeader title="部门领用单" code={order.orderCode} stamp={approvalStatus(order.status)} />
      <InfoGrid
        items={[
          { label: '领用部门', value: order.departmentName },
          { label: '出库仓库', value: order.warehouseName },
          { label: '领用日期', value: formatDate(order.obtainDate) },
          { label: '领用人', value: order.obtainName },
          { label: '仓管员', value: order.stockUserName },
          { label: '审核状态', value: approvalStatus(order.status) },
          { label: '创建时间', value: formatMinute(order.createTime) },
          ...(order.remark ? [{ label: '备注', value: order.remark, span: 2 as const }] : []),
        ]}
      />
      <ItemTable
        columns={columns}
        rows={order.items}
        rowKey={(r) => r.lineNo}
        summary={{
          quantity: formatQuantity(order.totalQuantity),
          pickQuantity: issued ? formatQuantity(order.totalPickQuantity) : null,
          pickAmount: issued ? formatMoney(order.totalPickAmount) : null,
        }}
        after={
          <>
            {issued ? (
              <div className="pr-summary">
                <span>
                  金额合计（大写）：<strong>{moneyInCapitals(order.totalPickAmount)}</strong>
                </span>
                <span>
                  小写：<strong>¥{formatMoney(order.totalPickAmount)}</strong>
                </span>
              </div>
            ) : null}
            <Signatures labels={['领用人', '部门负责人', '仓管员', '财务']} />
          </>
        }
      />
    </article>
  );
}

export default function ObtainOrderPrintPage() {
  const { id = '' } = useParams();
  return (
    <PrintPage title="部门领用单" code={id} load={loadObtainOrder} headerCode={(order) => order.orderCode}>
      {(order) => <ObtainSheet order={order} />}
    </PrintPage>
  );
}
