import type { FastifyInstance } from 'fastify';
import { obtainOrderDetail } from '../../../src/schema/contracts/print-data';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { commodityLine, dateText, isoText, num, sum } from './values';

export const OBTAIN_ORDER_NOT_FOUND = '部门领用单不存在';

/**
 * GET /gateApi/storageAdmin/DpObtainOutOrder/web/getDetailById/{id} (SPEC 7.8): a department
 * requisition with its lines, for the finance claim slip (/print/finance/print/{id}). Open to whoever
 * may see the requisition list or print it. Pinned by tests/server/print-data.test.ts.
 */
export default async function obtainOrderRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    obtainOrderDetail,
  )({
    config: { permission: ['/admin/finance/obtainOrderList', 'obtainOrder:print'] },
    handler: async (request) => {
      const { id } = request.params;
      const order = await app.db
        .selectFrom('dpObtainOutOrder as o')
        .selectAll('o')
        .select(dateText('o.obtain_date').as('obtainDay'))
        .where('o.id', '=', id)
        .executeTakeFirst();
      if (!order) throw new ApiError(404, 'E0404', OBTAIN_ORDER_NOT_FOUND);
      const lines = await app.db
        .selectFrom('dpObtainOutOrderItem')
        .selectAll()
        .where('orderId', '=', id)
        .orderBy('lineNo')
        .execute();
      const items = lines.map((l) => ({
        ...commodityLine(l),
        pickQuantity: num(l.pickQuantity),
        pickAmount: num(l.pickAmount),
      }));
      return {
        id: order.id,
        orderCode: order.orderCode,
        departmentName: order.departmentName,
        warehouseName: order.warehouseName,
        obtainDate: order.obtainDay,
        obtainName: order.obtainName,
        stockUserName: order.stockUserName,
        status: order.status,
        remark: order.remark,
        createTime: isoText(order.createTime),
        totalQuantity: sum(
          items.map((i) => i.quantity),
          3,
        ),
        totalPickQuantity: sum(
          items.map((i) => i.pickQuantity),
          3,
        ),
        totalPickAmount: sum(
          items.map((i) => i.pickAmount),
          2,
        ),
        items,
      };
    },
  });
}
