import type { FastifyInstance } from 'fastify';
import * as c from '../../../src/schema/contracts/printers';
import { contractRoute } from '../../http/contract-route';
import { ApiError } from '../../http/envelope';
import { clearDefault, listV1, listV2, type PrinterVersion, setDefault } from '../../services/printers';

/** SPEC 8: a printer default or cancel answers '操作成功', otherwise '操作失败'. */
export const PRINTER_FAILED = c.PRINTER_MSG.failed;

/**
 * Personal printer settings (SPEC 7.4): version 1 under /api/v1/product/printerManage and the trial
 * version 2 under /gateApi/print/web/printerServer, whose set/clear-default paths are ours
 * (docs/decisions.md). Per user, kept on the server. Contracts: src/schema/contracts/printers.ts.
 * Pinned by tests/server/panels-printers.test.ts.
 */
export default async function printerRoutes(app: FastifyInstance) {
  const change = async (done: Promise<boolean>) => {
    if (!(await done)) throw ApiError.conflict(PRINTER_FAILED);
    return true;
  };
  const userOf = (request: { auth: { userId: number } | null }) => request.auth!.userId;
  const set = (userId: number, version: PrinterVersion, id: number) =>
    change(setDefault(app.db, userId, version, id));
  const clear = (userId: number, version: PrinterVersion, id: number) =>
    change(clearDefault(app.db, userId, version, id));

  contractRoute(
    app,
    c.printerV1List,
  )({
    handler: async (request) => {
      const body = request.body ?? { pageNo: 1, pageSize: 20 };
      const page = await listV1(app.db, userOf(request), {
        pageNo: body.pageNo ?? 1,
        pageSize: body.pageSize ?? 20,
        name: body.printName,
      });
      // SPEC 7.4: the list is read from data.data.list and the total beside it.
      return { data: page, total: page.total };
    },
  });

  contractRoute(
    app,
    c.printerV1Default,
  )({
    handler: (request) => set(userOf(request), 1, request.params.id),
  });
  contractRoute(
    app,
    c.printerV1Set,
  )({
    handler: (request) => set(userOf(request), 1, request.query.printerId),
  });
  contractRoute(
    app,
    c.printerV1Cancel,
  )({
    handler: (request) => clear(userOf(request), 1, request.query.printerId),
  });

  contractRoute(
    app,
    c.printerV2List,
  )({
    handler: async (request) => {
      const body = request.body ?? { pageNo: 1, pageSize: 20 };
      return listV2(app.db, userOf(request), {
        pageNo: body.pageNo ?? 1,
        pageSize: body.pageSize ?? 20,
        name: body.printerName,
        monitorStatus: body.monitorStatus,
      });
    },
  });

  contractRoute(
    app,
    c.printerV2SetDefault,
  )({
    handler: (request) => set(userOf(request), 2, request.params.id),
  });
  contractRoute(
    app,
    c.printerV2CancelDefault,
  )({
    handler: (request) => clear(userOf(request), 2, request.params.id),
  });
}
