import { api } from '@/runtime/request';

/** SPEC 7.4: version 1 under printerManage; the trial version 2 under the print server. */
const V1 = '/api/v1/product/printerManage';
const V2 = '/gateApi/print/web/printerServer';

export interface PrinterV1 {
  id: number;
  printName: string;
  /** null: not the default. */
  defPrinter: number | null;
}

export interface PrinterV2 {
  id: number;
  printerName: string;
  department: string;
  employeeCode: string;
  employeeName: string;
  ip: string;
  printerRemark: string;
  monitorStatus: number;
  printStatus: string;
  numberOfJobs: number;
  createTime: string;
  /** '1' default, '0' not. */
  defPrinter: string;
}

export interface SearchForm {
  pageNo: number;
  pageSize: number;
  pageTotal: number;
}

/** The list is read from data.data.list and the total beside it (SPEC 7.4). */
export const listV1 = (form: SearchForm & { printName?: string }) =>
  api.post<{ data: { list: PrinterV1[] }; total: number }>(`${V1}/queryUserPrinterListWithPage`, form);

export const setDefaultV1 = (id: number) =>
  api.get<boolean>(`${V1}/defaultPrint/${id}`, undefined, { silent: true });

export const listV2 = (form: SearchForm & { printerName?: string; monitorStatus?: number }) =>
  api.post<{ list: PrinterV2[]; total: number }>(`${V2}/findList`, form);

export const setDefaultV2 = (id: number) =>
  api.post<boolean>(`${V2}/setDefault/${id}`, undefined, { silent: true });
export const cancelDefaultV2 = (id: number) =>
  api.post<boolean>(`${V2}/cancelDefault/${id}`, undefined, { silent: true });

/** SPEC 8: a printer default or cancel says '操作成功', otherwise '操作失败'. */
export const PRINTER_MSG = { ok: '操作成功', failed: '操作失败' } as const;

/** Page sizes of both printer dialogs. */
export const PAGE_SIZES = [10, 20, 50, 100];
