import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 6: personal printer settings v1 and trial v2 (SPEC 2.13, 3, 4, 5, 7.4, 8), per user on the server.
const V1 = '/api/v1/product/printerManage';
const V2 = '/gateApi/print/web/printerServer';

describe('printer settings', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
  });
  afterAll(() => t.close());

  const v1List = async (token: string, body: Record<string, unknown> = {}) =>
    (
      await t.json(token, 'POST', `${V1}/queryUserPrinterListWithPage`, {
        pageNo: 1,
        pageSize: 10,
        pageTotal: 0,
        ...body,
      })
    ).body.data;
  const v2List = async (token: string, body: Record<string, unknown> = {}) =>
    (await t.json(token, 'POST', `${V2}/findList`, { pageNo: 1, pageSize: 50, ...body })).body.data;

  it('v1 pages the seeded printers; the list is data.data.list with the total; the name search is trimmed', async () => {
    const data = await v1List(hq);
    expect(data.data.list).toHaveLength(10);
    expect(data.total).toBe(30);
    expect(data.data.total).toBe(30);
    expect(data.data.list[0]).toEqual({
      id: expect.any(Number),
      printName: expect.any(String),
      defPrinter: null,
    });
    const found = await v1List(hq, { printName: '  标签机  ' });
    expect(found.total).toBeGreaterThan(0);
    expect(found.data.list.every((p: { printName: string }) => p.printName.includes('标签机'))).toBe(true);
  });

  it('v1 default: set through defaultPrint/{id} and setUserPrinter, cleared through cancelPrint, per user', async () => {
    const [a, b] = (await v1List(hq)).data.list;
    const set = await t.json(hq, 'GET', `${V1}/defaultPrint/${b.id}`);
    expect(set.body.result.success).toBe(true);
    let list = (await v1List(hq)).data.list;
    expect(list[0]).toMatchObject({ id: b.id, defPrinter: 1 });
    expect(list.filter((p: { defPrinter: unknown }) => p.defPrinter !== null)).toHaveLength(1);
    // Another user's settings are his own.
    expect((await v1List(md)).data.list.every((p: { defPrinter: unknown }) => p.defPrinter === null)).toBe(
      true,
    );

    await t.json(hq, 'POST', `${V1}/setUserPrinter?printerId=${a.id}`);
    list = (await v1List(hq)).data.list;
    expect(list[0]).toMatchObject({ id: a.id, defPrinter: 1 });
    expect(list.filter((p: { defPrinter: unknown }) => p.defPrinter !== null)).toHaveLength(1);

    expect((await t.json(hq, 'POST', `${V1}/cancelPrint?printerId=${a.id}`)).body.result.success).toBe(true);
    expect((await v1List(hq)).data.list.every((p: { defPrinter: unknown }) => p.defPrinter === null)).toBe(
      true,
    );
  });

  it("failures answer '操作失败'", async () => {
    const missing = await t.json(hq, 'GET', `${V1}/defaultPrint/99999`);
    expect(missing.body.result).toMatchObject({ success: false, msg: '操作失败' });
    const notDefault = await t.json(hq, 'POST', `${V1}/cancelPrint?printerId=1`);
    expect(notDefault.body.result).toMatchObject({ success: false, msg: '操作失败' });
    // A v2 printer is not a v1 printer.
    const v2 = (await v2List(hq)).list[0];
    expect((await t.json(hq, 'GET', `${V1}/defaultPrint/${v2.id}`)).body.result.msg).toBe('操作失败');
  });

  it('v2 searches by printerName (trimmed) and monitorStatus and shows status and jobs', async () => {
    const all = await v2List(hq);
    expect(all.total).toBe(24);
    expect(all.list[0]).toMatchObject({
      printerName: expect.any(String),
      department: expect.any(String),
      employeeCode: expect.any(String),
      employeeName: expect.any(String),
      ip: expect.any(String),
      monitorStatus: expect.any(Number),
      numberOfJobs: expect.any(Number),
      defPrinter: '0',
    });
    const online = await v2List(hq, { monitorStatus: 1 });
    const offline = await v2List(hq, { monitorStatus: 0 });
    expect(online.total + offline.total).toBe(24);
    expect(
      offline.list.every(
        (p: { monitorStatus: number; printStatus: string }) =>
          p.monitorStatus === 0 && p.printStatus === '离线',
      ),
    ).toBe(true);
    const named = await v2List(hq, { printerName: ' 打包台 ' });
    expect(named.total).toBeGreaterThan(0);
    expect(named.list.every((p: { printerName: string }) => p.printerName.includes('打包台'))).toBe(true);
  });

  it('v2 default: set and cancelled by id', async () => {
    const p = (await v2List(hq)).list[3];
    expect((await t.json(hq, 'POST', `${V2}/setDefault/${p.id}`)).body.result.success).toBe(true);
    expect((await v2List(hq)).list[0]).toMatchObject({ id: p.id, defPrinter: '1' });
    expect((await t.json(hq, 'POST', `${V2}/cancelDefault/${p.id}`)).body.result.success).toBe(true);
    expect((await v2List(hq)).list.every((x: { defPrinter: string }) => x.defPrinter === '0')).toBe(true);
    expect((await t.json(hq, 'POST', `${V2}/cancelDefault/${p.id}`)).body.result.msg).toBe('操作失败');
  });

  it('needs a session', async () => {
    const res = await t.call({ method: 'POST', url: `${V2}/findList`, payload: {} });
    expect(res.json().result.code).toBe('W0005');
  });
});
