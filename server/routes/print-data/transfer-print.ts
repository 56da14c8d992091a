import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { transferPrint } from '../../../src/schema/contracts/print-data';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { callerWarehouses } from '../../resources/scope';
import { dateText, isoText, num, sum } from './values';

export const TRANSFER_NOT_FOUND = '调拨单不存在';
export const TRANSFER_CANCELLED = '调拨单已取消，不能打印';

/**
 * POST /gateApi/storageAdmin/alloc/web/print/{orderCode} (SPEC 7.8): the transfer requisition as
 * printed (/print/allocateTransfer/transferOrderPrint). A POST because printing is recorded: each call
 * adds a print_log row, and the sheet shows how many times it has been printed. A cancelled
 * requisition is not printed (it must not reach the warehouse floor); a warehouse user prints only
 * transfers from or to his warehouses. Pinned by
 * tests/server/print-data.test.ts.
 */
export default async function transferPrintRoutes(app: FastifyInstance) {
  contractRoute(
    app,
    transferPrint,
  )({
    config: { permission: 'transfer:print' },
    handler: async (request) => {
      const auth = request.auth!;
      const { orderCode } = request.params;
      const order = await app.db
        .selectFrom('transferApply as t')
        .selectAll('t')
        .select(dateText('t.produce_date').as('produceDay'))
        // The columns the resource added to the hand-written table (schemas/resources/transferApply.json).
        .select(sql<number | null>`t.warehouse_out_id`.as('outId'))
        .select(sql<number | null>`t.warehouse_in_id`.as('inId'))
        .where('t.orderCode', '=', orderCode)
        .executeTakeFirst();
      if (!order) throw new ApiError(404, 'E0404', TRANSFER_NOT_FOUND);
      // A warehouse prints only what it ships or receives (the list's warehouseScope).
      const mine = await callerWarehouses(app.db, { orgId: auth.orgId, userId: auth.userId });
      if (mine && !mine.includes(Number(order.outId)) && !mine.includes(Number(order.inId)))
        throw new ApiError(404, 'E0404', TRANSFER_NOT_FOUND);
      if (order.status === 0) throw ApiError.conflict(TRANSFER_CANCELLED);
      const lines = await app.db
        .selectFrom('transferApplyItem')
        .selectAll()
        .where('transferApplyId', '=', order.id)
        .orderBy('lineNo')
        .execute();
      const printed = await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('printLog')
          .values({ docType: 'transfer', docCode: orderCode, userId: auth.userId })
          .execute();
        return trx
          .selectFrom('printLog')
          .select([sql<number>`count(*)::int`.as('count'), sql<Date>`max(printed_at)`.as('last')])
          .where('docType', '=', 'transfer')
          .where('docCode', '=', orderCode)
          .executeTakeFirstOrThrow();
      });
      const printer = await app.db
        .selectFrom('appUser')
        .select('realName')
        .where('id', '=', auth.userId)
        .executeTakeFirst();
      const itemList = lines.map((l) => ({
        lineNo: l.lineNo,
        commodityCode: l.commodityCode,
        commodityName: l.commodityName,
        commoditySpec: l.commoditySpec,
        commodityUnitName: l.commodityUnitName,
        expectQuantity: num(l.expectQuantity)!,
        realQuantity: num(l.realQuantity),
      }));
      return {
        id: order.id,
        orderCode: order.orderCode,
        companyName: order.companyName,
        produceDate: order.produceDay,
        warehouseOutName: order.warehouseOutName,
        warehouseInName: order.warehouseInName,
        deadlineOutTime: isoText(order.deadlineOutTime),
        status: order.status,
        auditorName: order.auditorName,
        auditTime: isoText(order.auditTime),
        createName: order.createName,
        createTime: isoText(order.createTime),
        remark: order.remark,
        printCount: printed.count,
        printTime: isoText(printed.last),
        printName: printer?.realName ?? auth.account,
        totalExpectQuantity: sum(
          itemList.map((i) => i.expectQuantity),
          3,
        ),
        totalRealQuantity: sum(
          itemList.map((i) => i.realQuantity),
          3,
        ),
        itemList,
      };
    },
  });
}
