import { useParams } from 'react-router-dom';
import { Barcode } from '../components/Barcode';
import { CodeList } from '../components/CodeList';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadStockOut } from '../sources/stock-out';
import type { StockOutLine, StockOutOrder } from '../sources/types';
import { formatMinute, formatMoney, formatQuantity, formatText, total } from '../format';
import { stockOutStatus, stockOutType } from '../labels';

const columns: Column<StockOutLine>[] = [
  { key: 'index', title: '序号', width: '5%', align: 'center', render: (_r, i) => i + 1 },
  { key: 'commodityCode', title: '商品编码', width: '8%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '商品名称', render: (r) => r.commodityName },
  {
    key: 'commodityUnitName',
    title: '单位',
    width: '5%',
    align: 'center',
    render: (r) => r.commodityUnitName,
  },
  {
    key: 'commodityPrice',
    title: '单价',
    width: '7%',
    align: 'right',
    render: (r) => formatMoney(r.commodityPrice),
  },
  {
    key: 'expectQuantity',
    title: '应出数量',
    width: '8%',
    align: 'right',
    render: (r) => formatQuantity(r.expectQuantity),
  },
  {
    key: 'outStockQuantity',
    title: '实出数量',
    width: '8%',
    align: 'right',
    render: (r) =>
      r.outStockQuantity === null ? <span className="pr-fill" /> : formatQuantity(r.outStockQuantity),
  },
  {
    key: 'totalAmount',
    title: '金额',
    width: '8%',
    align: 'right',
    render: (r) => formatMoney(r.totalAmount),
  },
  { key: 'returnReasons', title: '退货原因', width: '8%', render: (r) => r.returnReasons ?? '' },
  { key: 'remark', title: '备注', width: '6%', render: (r) => r.remark ?? '' },
  {
    key: 'barCodeList',
    title: '条码',
    width: '20%',
    render: (r) =>
      r.barCodeList?.length ? (
        <div className="pr-barcodes">
          {r.barCodeList.map((code) => (
            <Barcode key={code} value={code} height={20} moduleWidth={1} />
          ))}
        </div>
      ) : (
        '-'
      ),
  },
];

/** The stock-out order (SPEC 2.14 'stock-out printing'): parties by type, every line with its bar codes. */
export function StockOutSheet({ order }: { order: StockOutOrder }) {
  const shipped = order.itemList.some((l) => l.outStockQuantity !== null);
  return (
    <article className="pr-doc">
      <DocumentHeader
        title="出库单"
        code={order.orderCode}
        stamp={`${stockOutType(order.outputType)} · ${stockOutStatus(order.status)}`}
      />
      <InfoGrid
        items={[
          { label: '出库仓', value: order.warehouseName },
          { label: '出库类型', value: stockOutType(order.outputType) },
          { label: '配送单号', value: formatText(order.deliveryOrderCode) },
          { label: '门店', value: order.storeName },
          { label: '流转店', value: order.flowshopName },
          { label: '入库仓', value: order.warehouseInName },
          { label: '供应商', value: order.supplierName },
          { label: '出库时间', value: order.outTime ? formatMinute(order.outTime) : null },
          { label: '出库人', value: order.employeeName },
          { label: '创建时间', value: formatMinute(order.createTime) },
          {
            label: '关联单号',
            value: order.referCode ? <CodeList value={order.referCode} /> : null,
            span: 2,
          },
        ]}
      />
      <ItemTable
        columns={columns}
        rows={order.itemList}
        rowKey={(r) => r.lineNo}
        summary={{
          expectQuantity: formatQuantity(
            total(
              order.itemList.map((l) => l.expectQuantity),
              3,
            ),
          ),
          outStockQuantity: shipped
            ? formatQuantity(
                total(
                  order.itemList.map((l) => l.outStockQuantity),
                  3,
                ),
              )
            : null,
          totalAmount: formatMoney(
            total(
              order.itemList.map((l) => l.totalAmount),
              2,
            ),
          ),
        }}
        after={<Signatures labels={['制单人', '出库人', '复核人', '收货人']} />}
      />
    </article>
  );
}

export default function StockOutPrintPage() {
  const { orderCode = '' } = useParams();
  return (
    <PrintPage title="出库单" code={orderCode} load={loadStockOut}>
      {(order) => <StockOutSheet order={order} />}
    </PrintPage>
  );
}
