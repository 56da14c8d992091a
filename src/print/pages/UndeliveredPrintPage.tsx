import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadUndelivered } from '../sources/shop-order';
import type { ShopAppOrder, ShopAppOrderLine } from '../sources/types';
import { formatDate, formatMinute, formatMoney, formatQuantity, formatText } from '../format';
import { deliveryMethod, shopOrderPrintStatus } from '../labels';

const columns: Column<ShopAppOrderLine>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '商品编码', width: '9%', mono: true, render: (r) => r.commodityCode },
  {
    key: 'commodityName',
    title: '商品名称',
    render: (r) => (
      <>
        {r.commodityName}
        {r.isWeight ? <span className="pr-tag">称重</span> : null}
      </>
    ),
  },
  { key: 'commoditySpec', title: '规格', width: '11%', render: (r) => formatText(r.commoditySpec) },
  { key: 'unitName', title: '单位', width: '6%', align: 'center', render: (r) => r.unitName },
  { key: 'quantity', title: '数量', width: '9%', align: 'right', render: (r) => formatQuantity(r.quantity) },
  { key: 'price', title: '单价', width: '8%', align: 'right', render: (r) => formatMoney(r.price) },
  { key: 'amount', title: '金额', width: '9%', align: 'right', render: (r) => formatMoney(r.amount) },
  { key: 'promotionName', title: '促销活动', width: '12%', render: (r) => r.promotionName ?? '' },
  { key: 'check', title: '核对', width: '5%', align: 'center', render: () => <span className="pr-check" /> },
];

/** One pending-delivery slip (SPEC 2.14): who gets what, when, and what was paid. */
export function DeliverySlip({ order }: { order: ShopAppOrder }) {
  return (
    <article className="pr-doc">
      <DocumentHeader
        title="配送单"
        code={order.orderCode}
        companySub={order.storeName}
        stamp={shopOrderPrintStatus(order.orderStatus)}
      />
      <InfoGrid
        items={[
          { label: '收货人', value: order.receiveMan },
          { label: '联系电话', value: order.receivePhone },
          { label: '配送方式', value: deliveryMethod(order.deliveryMethod) },
          { label: '收货地址', value: order.receiveAddress, span: 2 },
          { label: '订单状态', value: shopOrderPrintStatus(order.orderStatus) },
          { label: '送达日期', value: formatDate(order.receiveTime) },
          { label: '送达时段', value: order.receiveInterval },
          { label: '下单时间', value: formatMinute(order.createTime) },
          { label: '支付时间', value: order.payTime ? formatMinute(order.payTime) : null },
          { label: '配送门店', value: order.storeName },
          ...(order.remark ? [{ label: '顾客备注', value: order.remark, span: 3 as const }] : []),
        ]}
      />
      <ItemTable
        columns={columns}
        rows={order.items}
        rowKey={(r) => r.lineNo}
        summary={{ quantity: formatQuantity(order.totalQuantity), amount: formatMoney(order.goodsAmount) }}
        after={
          <>
            <div className="pr-summary">
              <span>商品金额：{formatMoney(order.goodsAmount)}</span>
              <span>运费：{formatMoney(order.freightAmount)}</span>
              <span>优惠：-{formatMoney(order.discountAmount)}</span>
              <span>
                实付金额：<strong>¥{formatMoney(order.payAmount)}</strong>
              </span>
            </div>
            <Signatures labels={['拣货人', '配送员', '顾客签收', '签收时间']} />
          </>
        }
      />
    </article>
  );
}

export default function UndeliveredPrintPage() {
  const { param = '' } = useParams();
  return (
    <PrintPage
      title="配送单"
      code={param}
      load={loadUndelivered}
      headerCode={(orders) => (orders.length === 1 ? orders[0]!.orderCode : `共 ${orders.length} 单`)}
    >
      {(orders) => orders.map((order) => <DeliverySlip key={order.id} order={order} />)}
    </PrintPage>
  );
}
