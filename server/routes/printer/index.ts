import type { FastifyInstance } from 'fastify';
import { ApiError, ok } from '../../http/envelope';
import { clearDefault, listV1, listV2, type PrinterVersion, setDefault } from '../../services/printers';

const V1 = '/api/v1/product/printerManage';
const V2 = '/gateApi/print/web/printerServer';

/** SPEC 8: a printer default or cancel answers '操作成功', otherwise '操作失败'. */
export const PRINTER_FAILED = '操作失败';

const pageFields = {
  pageNo: { type: 'integer', minimum: 1, default: 1, errorMessage: '页码必须是正整数' },
  pageSize: {
    type: 'integer',
    minimum: 1,
    maximum: 500,
    default: 20,
    errorMessage: '每页条数必须是 1 到 500 的整数',
  },
  // The search form carries pageTotal too (SPEC 3); it is the client's and ignored here.
  pageTotal: {},
} as const;

const nameField = { type: 'string', maxLength: 100, errorMessage: '打印机名称不能超过100个字符' } as const;
const idParam = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: PRINTER_FAILED } },
} as const;
const printerIdQuery = {
  type: 'object',
  required: ['printerId'],
  properties: { printerId: { type: 'integer', minimum: 1, errorMessage: PRINTER_FAILED } },
  errorMessage: { required: { printerId: PRINTER_FAILED } },
} as const;

type V1Body = { pageNo: number; pageSize: number; printName?: string } | null;
type V2Body = { pageNo: number; pageSize: number; printerName?: string; monitorStatus?: number } | null;

/**
 * Personal printer settings (SPEC 7.4): version 1 under /api/v1/product/printerManage and the trial
 * version 2 under /gateApi/print/web/printerServer, whose set/clear-default paths are ours
 * (docs/decisions.md). Per user, kept on the server. Pinned by tests/server/panels-printers.test.ts.
 */
export default async function printerRoutes(app: FastifyInstance) {
  const change = async (ok_: Promise<boolean>) => {
    if (!(await ok_)) throw ApiError.conflict(PRINTER_FAILED);
    return ok(true);
  };
  const userOf = (request: { auth: { userId: number } | null }) => request.auth!.userId;
  const set = (userId: number, version: PrinterVersion, id: number) =>
    change(setDefault(app.db, userId, version, id));
  const clear = (userId: number, version: PrinterVersion, id: number) =>
    change(clearDefault(app.db, userId, version, id));

  app.post<{ Body: V1Body }>(
    `${V1}/queryUserPrinterListWithPage`,
    { schema: { body: { type: ['object', 'null'], properties: { ...pageFields, printName: nameField } } } },
    async (request) => {
      const body = request.body ?? { pageNo: 1, pageSize: 20 };
      const page = await listV1(app.db, userOf(request), {
        pageNo: body.pageNo ?? 1,
        pageSize: body.pageSize ?? 20,
        name: body.printName,
      });
      // SPEC 7.4: the list is read from data.data.list and the total beside it.
      return ok({ data: page, total: page.total });
    },
  );

  app.get<{ Params: { id: number } }>(
    `${V1}/defaultPrint/:id`,
    { schema: { params: idParam } },
    async (request) => set(userOf(request), 1, request.params.id),
  );

  app.post<{ Querystring: { printerId: number } }>(
    `${V1}/setUserPrinter`,
    { schema: { querystring: printerIdQuery } },
    async (request) => set(userOf(request), 1, request.query.printerId),
  );

  app.post<{ Querystring: { printerId: number } }>(
    `${V1}/cancelPrint`,
    { schema: { querystring: printerIdQuery } },
    async (request) => clear(userOf(request), 1, request.query.printerId),
  );

  app.post<{ Body: V2Body }>(
    `${V2}/findList`,
    {
      schema: {
        body: {
          type: ['object', 'null'],
          properties: {
            ...pageFields,
            printerName: nameField,
            monitorStatus: { type: 'integer', enum: [0, 1], errorMessage: '监控状态不正确' },
          },
        },
      },
    },
    async (request) => {
      const body = request.body ?? { pageNo: 1, pageSize: 20 };
      return ok(
        await listV2(app.db, userOf(request), {
          pageNo: body.pageNo ?? 1,
          pageSize: body.pageSize ?? 20,
          name: body.printerName,
          monitorStatus: body.monitorStatus,
        }),
      );
    },
  );

  app.post<{ Params: { id: number } }>(
    `${V2}/setDefault/:id`,
    { schema: { params: idParam } },
    async (request) => set(userOf(request), 2, request.params.id),
  );

  app.post<{ Params: { id: number } }>(
    `${V2}/cancelDefault/:id`,
    { schema: { params: idParam } },
    async (request) => clear(userOf(request), 2, request.params.id),
  );
}
