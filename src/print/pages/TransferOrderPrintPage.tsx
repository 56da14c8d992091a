import { useParams } from 'react-router-dom';
import { DocumentHeader } from '../components/DocumentHeader';
import { InfoGrid } from '../components/InfoGrid';
import { type Column, indexColumn, ItemTable } from '../components/ItemTable';
import { PrintPage } from '../components/PrintPage';
import { Signatures } from '../components/Signatures';
import { loadTransferPrint } from '../sources/transfer';
import type { TransferLine, TransferPrint } from '../sources/types';
import { formatDate, formatMinute, formatQuantity, formatText } from '../format';
import { transferStatus } from '../labels';

const columns: Column<TransferLine>[] = [
  indexColumn(),
  { key: 'commodityCode', title: '商品编码', width: '11%', mono: true, render: (r) => r.commodityCode },
  { key: 'commodityName', title: '商品名称', render: (r) => r.commodityName },
  { key: 'commoditySpec', title: '规格', width: '14%', render: (r) => formatText(r.commoditySpec) },
  {
    key: 'commodityUnitName',
    title: '单位',
    width: '7%',
    align: 'center',
    render: (r) => r.commodityUnitName,
  },
  {
    key: 'expectQuantity',
    title: '申请数量',
    width: '12%',
    align: 'right',
    render: (r) => formatQuantity(r.expectQuantity),
  },
  {
    key: 'realQuantity',
    title: '实调数量',
    width: '12%',
    align: 'right',
    render: (r) => (r.realQuantity === null ? <span className="pr-fill" /> : formatQuantity(r.realQuantity)),
  },
];

/** The transfer requisition (SPEC 2.14): from which warehouse to which, by when, approved by whom. */
export function TransferSheet({ doc }: { doc: TransferPrint }) {
  const moved = doc.itemList.some((l) => l.realQuantity !== null);
  return (
    <article className="pr-doc">
      <DocumentHeader
        title="调拨单"
        code={doc.orderCode}
        companySub={doc.companyName}
        stamp={transferStatus(doc.status)}
      />
      <InfoGrid
        items={[
          { label: '所属公司', value: doc.companyName },
          { label: '申请日期', value: formatDate(doc.produceDate) },
          { label: '状态', value: transferStatus(doc.status) },
          { label: '调出仓', value: doc.warehouseOutName },
          { label: '调入仓', value: doc.warehouseInName },
          { label: '最晚出库时间', value: doc.deadlineOutTime ? formatMinute(doc.deadlineOutTime) : null },
          { label: '申请人', value: doc.createName },
          { label: '审核人', value: doc.auditorName },
          { label: '审核时间', value: doc.auditTime ? formatMinute(doc.auditTime) : null },
          { label: '打印人', value: doc.printName },
          { label: '打印次数', value: `第 ${doc.printCount} 次` },
          ...(doc.remark ? [{ label: '备注', value: doc.remark, span: 3 as const }] : []),
        ]}
      />
      <ItemTable
        columns={columns}
        rows={doc.itemList}
        rowKey={(r) => r.lineNo}
        summary={{
          expectQuantity: formatQuantity(doc.totalExpectQuantity),
          realQuantity: moved ? formatQuantity(doc.totalRealQuantity) : null,
        }}
        after={<Signatures labels={['调出仓经办', '调入仓经办', '审核人', '日期']} />}
      />
    </article>
  );
}

/** Prints by itself once its barcode and fonts are ready (SPEC 2.14 'auto-prints'). */
export default function TransferOrderPrintPage() {
  const { orderCode = '' } = useParams();
  return (
    <PrintPage title="调拨单" code={orderCode} load={loadTransferPrint} autoPrint>
      {(doc) => <TransferSheet doc={doc} />}
    </PrintPage>
  );
}
