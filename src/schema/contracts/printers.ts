import { defineContract } from './define';
import { bool, dateTime, int, nullable, obj, page, paging, str } from './shapes';

/** SPEC 7.4: version 1 under printerManage; the trial version 2 under the print server. */
const V1 = '/api/v1/product/printerManage';
const V2 = '/gateApi/print/web/printerServer';

/** SPEC 8: a printer default or cancel answers '操作成功', otherwise '操作失败'. */
export const PRINTER_MSG = { ok: '操作成功', failed: '操作失败' } as const;

const pageFields = {
  ...paging,
  // The search form carries pageTotal too (SPEC 3); it is the client's and ignored here.
  pageTotal: {},
} as const;

const nameField = { type: 'string', maxLength: 100, errorMessage: '打印机名称不能超过100个字符' } as const;
const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', minimum: 1, errorMessage: PRINTER_MSG.failed } },
} as const;
const printerIdQuery = {
  type: 'object',
  required: ['printerId'],
  properties: { printerId: { type: 'integer', minimum: 1, errorMessage: PRINTER_MSG.failed } },
  errorMessage: { required: { printerId: PRINTER_MSG.failed } },
} as const;
const done = bool;

const printerV1 = obj({
  id: int,
  printName: str,
  /** 1 the default; null not. */
  defPrinter: nullable.int,
});

const printerV2 = obj({
  id: int,
  printerName: str,
  department: str,
  employeeCode: str,
  employeeName: str,
  ip: str,
  printerRemark: str,
  monitorStatus: int,
  printStatus: str,
  numberOfJobs: int,
  createTime: dateTime,
  /** '1' the default, '0' not. */
  defPrinter: str,
});

/** Version 1 list: SPEC 7.4 reads it from data.data.list and the total beside it. */
export const printerV1List = defineContract({
  method: 'POST',
  path: `${V1}/queryUserPrinterListWithPage`,
  body: { type: ['object', 'null'], properties: { ...pageFields, printName: nameField } },
  data: obj({ data: page(printerV1), total: int }),
});

export const printerV1Default = defineContract({
  method: 'GET',
  path: `${V1}/defaultPrint/:id`,
  params: idParams,
  data: done,
});

export const printerV1Set = defineContract({
  method: 'POST',
  path: `${V1}/setUserPrinter`,
  query: printerIdQuery,
  data: done,
});

export const printerV1Cancel = defineContract({
  method: 'POST',
  path: `${V1}/cancelPrint`,
  query: printerIdQuery,
  data: done,
});

export const printerV2List = defineContract({
  method: 'POST',
  path: `${V2}/findList`,
  body: {
    type: ['object', 'null'],
    properties: {
      ...pageFields,
      printerName: nameField,
      monitorStatus: { type: 'integer', enum: [0, 1], errorMessage: '监控状态不正确' },
    },
  },
  data: page(printerV2),
});

export const printerV2SetDefault = defineContract({
  method: 'POST',
  path: `${V2}/setDefault/:id`,
  params: idParams,
  data: done,
});

export const printerV2CancelDefault = defineContract({
  method: 'POST',
  path: `${V2}/cancelDefault/:id`,
  params: idParams,
  data: done,
});
