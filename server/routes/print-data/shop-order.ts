import type { FastifyInstance } from 'fastify';
import { shopOrderDetail } from '../../../src/schema/contracts/print-data';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { maskPhone } from '../../services/profile';
import { permissionKeys } from '../../services/session';
import { commodityLine, dateText, isoText, num, sum } from './values';

const PAGE_URI = '/admin/shop/waitDeliverList';
const PRINT_CODE = 'shopOrder:print';
export const SHOP_ORDER_NOT_FOUND = '门店订单不存在';

/**
 * orderStatus (SPEC 3 order status) → shop-app order print status (SPEC 3): the slip knows no picking
 * or outbound steps, so 2 awaiting picking, 3 outbound in progress and 4 awaiting delivery all print as
 * 2 awaiting delivery (docs/decisions.md).
 */
export const PRINT_STATUS: Record<number, number> = { 0: 0, 1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 6: 4, 7: 5 };

/**
 * GET /api/v1/shop/findAppOrderDetailsByOrderId?orderId&isPrint (SPEC 7.9): one shop-app order with its
 * lines. isPrint=1 is the pending-delivery slip (/print/UndeliveredPrint): it needs shopOrder:print,
 * answers the status in the print-status domain and masks the customer's phone (the slip leaves the
 * store on the bag). A store user sees only the orders of the chosen store; anyone else gets the same
 * 404 as for an unknown id, so ids of other stores cannot be probed. Pinned by tests/server/print-data.test.ts.
 */
export default async function shopOrderRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    shopOrderDetail,
  )({
    config: { permission: [PAGE_URI, PRINT_CODE] },
    handler: async (request) => {
      const auth = request.auth!;
      const { orderId, isPrint } = request.query;
      if (isPrint === 1 && !(await permissionKeys(app.db, auth.userId, auth.orgId)).has(PRINT_CODE)) {
        throw ApiError.forbidden();
      }
      const org = await app.db
        .selectFrom('org')
        .select('refObjType')
        .where('id', '=', auth.orgId!)
        .executeTakeFirst();
      let q = app.db
        .selectFrom('cloudOrder as o')
        .innerJoin('org as s', 's.id', 'o.shopId')
        .selectAll('o')
        .select('s.name as storeName')
        .select(dateText('o.receive_time').as('receiveDate'))
        .where('o.id', '=', orderId);
      // Stores (refObjType 2) see their own orders only; headquarters and warehouses see all.
      if (org?.refObjType === 2) q = q.where('o.shopId', '=', auth.orgId!);
      const order = await q.executeTakeFirst();
      if (!order) throw new ApiError(404, 'E0404', SHOP_ORDER_NOT_FOUND);
      const lines = await app.db
        .selectFrom('cloudOrderItem')
        .selectAll()
        .where('orderId', '=', orderId)
        .orderBy('lineNo')
        .execute();
      const items = lines.map((l) => ({
        ...commodityLine({
          ...l,
          commodityName: l.commodityName ?? '',
          quantity: l.quantity,
          price: l.price ?? 0,
        }),
        isWeight: l.isWeight,
        amount: num(l.amount) ?? 0,
        promotionName: l.promotionName,
      }));
      return {
        id: order.id,
        orderCode: order.orderCode ?? '',
        shopId: order.shopId!,
        storeName: order.storeName,
        // Every order status has a print status; an unknown one prints as it is.
        orderStatus:
          isPrint === 1 ? (PRINT_STATUS[order.orderStatus!] ?? order.orderStatus!) : order.orderStatus!,
        deliveryMethod: order.deliveryMethod!,
        receiveTime: order.receiveDate,
        receiveInterval: order.receiveInterval,
        receiveMan: order.receiveMan,
        receivePhone: isPrint === 1 ? maskPhone(order.receivePhone) : order.receivePhone,
        receiveAddress: order.receiveAddress,
        goodsAmount: num(order.goodsAmount),
        freightAmount: num(order.freightAmount),
        discountAmount: num(order.discountAmount),
        couponAmount: num(order.couponAmount),
        payAmount: num(order.payAmount),
        remark: order.remark,
        createTime: isoText(order.createTime),
        payTime: isoText(order.payTime),
        totalQuantity: sum(
          items.map((i) => i.quantity),
          3,
        ),
        items,
      };
    },
  });
}
