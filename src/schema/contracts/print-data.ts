import { defineContract } from './define';
import { arr, bool, int, nullable, num, obj, str } from './shapes';

/**
 * The data of the print pages that the resource engine does not serve (SPEC 2.14, 7.8, 7.9;
 * server/routes/print-data). The print files (schemas/prints) read them through src/print/doc/fetch.ts;
 * every field a print file names is declared here. Points in time are ISO text, days 'yyyy-MM-dd'.
 */

/** A sales line's shared part (obtain-out and shop-app orders). */
const commodityLine = {
  lineNo: int,
  commodityCode: str,
  commodityName: str,
  commoditySpec: nullable.str,
  unitName: nullable.str,
  quantity: num,
  price: num,
} as const;

/** One shop-app order with its lines; isPrint=1 is the pending-delivery slip (print status, masked phone). */
export const shopOrderDetail = defineContract({
  method: 'GET',
  path: '/api/v1/shop/findAppOrderDetailsByOrderId',
  query: {
    type: 'object',
    required: ['orderId'],
    properties: {
      orderId: { type: 'integer', minimum: 1, errorMessage: '订单ID必须是正整数' },
      isPrint: { type: 'integer', enum: [0, 1], default: 0, errorMessage: '打印标记只能是 0 或 1' },
    },
    errorMessage: { required: { orderId: '请输入订单ID' } },
  },
  data: obj({
    id: int,
    orderCode: str,
    shopId: int,
    storeName: str,
    orderStatus: int,
    deliveryMethod: int,
    receiveTime: nullable.str,
    receiveInterval: nullable.str,
    receiveMan: nullable.str,
    receivePhone: nullable.str,
    receiveAddress: nullable.str,
    goodsAmount: nullable.num,
    freightAmount: nullable.num,
    discountAmount: nullable.num,
    couponAmount: nullable.num,
    payAmount: nullable.num,
    remark: nullable.str,
    createTime: nullable.str,
    payTime: nullable.str,
    totalQuantity: num,
    items: arr(obj({ ...commodityLine, isWeight: bool, amount: num, promotionName: nullable.str })),
  }),
});

/** A department requisition with its lines (the finance claim slip). */
export const obtainOrderDetail = defineContract({
  method: 'GET',
  path: '/gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById/:id',
  params: {
    type: 'object',
    required: ['id'],
    properties: { id: { type: 'integer', minimum: 1, errorMessage: '领用单ID必须是正整数' } },
  },
  data: obj({
    id: int,
    orderCode: str,
    departmentName: str,
    warehouseName: str,
    obtainDate: str,
    obtainName: str,
    stockUserName: nullable.str,
    status: int,
    remark: nullable.str,
    createTime: nullable.str,
    totalQuantity: num,
    totalPickQuantity: num,
    totalPickAmount: num,
    items: arr(obj({ ...commodityLine, pickQuantity: nullable.num, pickAmount: nullable.num })),
  }),
});

/** The transfer requisition as printed; each call is recorded and counted (printCount, printTime). */
export const transferPrint = defineContract({
  method: 'POST',
  path: '/gateApi/storageAdmin/alloc/web/print/:orderCode',
  params: {
    type: 'object',
    required: ['orderCode'],
    properties: {
      orderCode: { type: 'string', pattern: '^[A-Za-z0-9]{1,32}$', errorMessage: '调拨单号格式不正确' },
    },
  },
  data: obj({
    id: int,
    orderCode: str,
    companyName: str,
    produceDate: str,
    warehouseOutName: str,
    warehouseInName: str,
    deadlineOutTime: nullable.str,
    status: int,
    auditorName: nullable.str,
    auditTime: nullable.str,
    createName: str,
    createTime: nullable.str,
    remark: nullable.str,
    printCount: int,
    printTime: nullable.str,
    printName: str,
    totalExpectQuantity: num,
    totalRealQuantity: num,
    itemList: arr(
      obj({
        lineNo: int,
        commodityCode: str,
        commodityName: str,
        commoditySpec: nullable.str,
        commodityUnitName: nullable.str,
        expectQuantity: num,
        realQuantity: nullable.num,
      }),
    ),
  }),
});
