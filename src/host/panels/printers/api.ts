import { callContract } from '@/runtime/request';
import type { BodyOut, DataOf } from '@/schema/contracts/define';
import * as c from '@/schema/contracts/printers';

/** Printer rows and list forms, as the contracts declare them (src/schema/contracts/printers.ts). */
export type PrinterV1 = DataOf<typeof c.printerV1List>['data']['list'][number];
export type PrinterV2 = DataOf<typeof c.printerV2List>['list'][number];
export type SearchFormV1 = NonNullable<BodyOut<typeof c.printerV1List>>;
export type SearchFormV2 = NonNullable<BodyOut<typeof c.printerV2List>>;

/** The list is read from data.data.list and the total beside it (SPEC 7.4). */
export const listV1 = (form: SearchFormV1) => callContract(c.printerV1List, { body: form });

export const setDefaultV1 = (id: number) =>
  callContract(c.printerV1Default, { params: { id } }, { silent: true });

export const listV2 = (form: SearchFormV2) => callContract(c.printerV2List, { body: form });

export const setDefaultV2 = (id: number) =>
  callContract(c.printerV2SetDefault, { params: { id } }, { silent: true });
export const cancelDefaultV2 = (id: number) =>
  callContract(c.printerV2CancelDefault, { params: { id } }, { silent: true });

/** SPEC 8: a printer default or cancel says '操作成功', otherwise '操作失败'. */
export const PRINTER_MSG = c.PRINTER_MSG;

/** Page sizes of both printer dialogs. */
export const PAGE_SIZES = [10, 20, 50, 100];
