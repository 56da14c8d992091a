import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { PRICE_ROWS } from '../../server/db/seed/panels';
import { createTestApp, signHeaders, type TestApp } from '../fixtures/app';

// Issue 6: the data export centre. A list page's export is a server-side job over its filters; the
// .xlsx is read back with the same library; the link works once; jobs survive a restart.
const BASE = '/api/v1/export';
const PRICE_LIST = '/api/v1/product/commodityPrice/findPriceListByPage';

describe('data export centre', () => {
  let t: TestApp;
  let hq: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-exports-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    hq = await t.login('hq001');
  });
  afterAll(async () => {
    await t.close().catch(() => t.database.close());
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const jobs = async (token = hq) => (await t.json(token, 'GET', `${BASE}/jobs?pageSize=50`)).body.data.list;

  /** Polls the export centre until the job has finished (as the page does). */
  async function finished(id: number, token = hq, within = 90_000) {
    const until = Date.now() + within;
    for (;;) {
      const job = (await jobs(token)).find((j: { id: number }) => j.id === id);
      if (job && job.status >= 2) return job;
      if (Date.now() > until) throw new Error(`export ${id} still ${job?.statusName}`);
      await new Promise((r) => setTimeout(r, 300));
    }
  }

  async function download(id: number, token = hq) {
    const link = await t.json(token, 'POST', `${BASE}/jobs/${id}/link`);
    expect(link.body.result.success).toBe(true);
    const url = link.body.data.url as string;
    expect(url).not.toMatch(/token|signature|timestamp/);
    // The browser follows the link itself: no token, no signature.
    const res = await t.app.inject({ method: 'GET', url });
    return { url, res };
  }

  const readSheet = async (buf: Buffer) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(buf as never);
    return wb.worksheets[0]!;
  };

  it(
    'a 5,000-row list exports to a valid .xlsx with the same rows and enum labels; the link works once',
    { timeout: 180_000 },
    async () => {
      // Cells that a spreadsheet would take for formulas.
      await t.database.db
        .updateTable('commodityPrice')
        .set({
          commodityName: '=HYPERLINK("http://evil.example","点我")',
          commoditySpec: '@SUM(A1)',
          updateName: '+1',
        })
        .where('id', '=', 1)
        .execute();
      await t.database.db
        .updateTable('commodityPrice')
        .set({ commoditySpec: '-2+3' })
        .where('id', '=', 2)
        .execute();

      const created = await t.json(hq, 'POST', `${BASE}/jobs`, { page: 'admin/priceList', filters: {} });
      expect(created.body.data).toMatchObject({ status: 0, statusName: '排队中', title: '商品价格表' });
      const job = await finished(created.body.data.id);
      expect(job).toMatchObject({ status: 2, statusName: '已完成', rowCount: PRICE_ROWS });
      expect(PRICE_ROWS).toBeGreaterThanOrEqual(5000);
      expect(job.fileSize).toBeGreaterThan(0);
      expect(job.fileName).toMatch(/^商品价格表_\d{8}_\d+\.xlsx$/);

      const { url, res } = await download(job.id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain("filename*=UTF-8''");
      const sheet = await readSheet(res.rawPayload);
      expect(sheet.rowCount).toBe(PRICE_ROWS + 1);
      expect(sheet.getRow(1).values).toEqual([
        undefined,
        '门店名称',
        '商品编码',
        '商品名称',
        '规格',
        '单位',
        '价格类型',
        '价格',
        '审核状态',
        '生效日期',
        '修改人',
        '修改时间',
      ]);

      // The same rows as the list shows, in its order: compare against the list endpoint, page by page.
      const shown: Record<string, unknown>[] = [];
      for (let pageNo = 1; shown.length < PRICE_ROWS; pageNo++) {
        const page = (await t.json(hq, 'POST', PRICE_LIST, { pageNo, pageSize: 500 })).body.data;
        shown.push(...page.list);
      }
      const priceLabel: Record<number, string> = { 1: '零售价', 2: '会员价', 3: '批发价' };
      const statusLabel: Record<number, string> = { 0: '待审核', 1: '审核通过', 2: '审核驳回', 3: '已取消' };
      for (const i of [2, 3, 777, 2500, PRICE_ROWS - 1]) {
        const row = sheet.getRow(i + 2).values as unknown[];
        const item = shown[i]!;
        expect(row[1]).toBe(item.storeName);
        expect(row[2]).toBe(item.commodityCode);
        expect(row[3]).toBe(item.commodityName);
        expect(row[6]).toBe(priceLabel[item.priceType as number]);
        expect(row[7]).toBe(Number(item.price));
        expect(row[8]).toBe(statusLabel[item.status as number]);
        expect(row[9]).toBe(item.effectiveDate);
      }
      const codes = new Set<unknown>();
      sheet.eachRow(
        (r, n) => n > 1 && codes.add(`${r.getCell(1).value}/${r.getCell(2).value}/${r.getCell(6).value}`),
      );
      expect(codes.size).toBe(PRICE_ROWS);

      // Formula-looking text is neutralised.
      const first = sheet.getRow(2);
      expect(first.getCell(3).value).toBe('\'=HYPERLINK("http://evil.example","点我")');
      expect(first.getCell(4).value).toBe("'@SUM(A1)");
      expect(first.getCell(10).value).toBe("'+1");
      expect(sheet.getRow(3).getCell(4).value).toBe("'-2+3");
      expect(first.getCell(7).numFmt).toBe('#,##0.00');

      // Single use.
      const again = await t.app.inject({ method: 'GET', url });
      expect(again.statusCode).toBe(410);
      expect(again.json().result.msg).toBe('下载链接已失效，请回到导出中心重新下载');
    },
  );

  it('exports only the current filters and chosen columns', { timeout: 120_000 }, async () => {
    const filters = { storeCode: 'S1001', priceType: [2], keyword: '苹果' };
    const created = await t.json(hq, 'POST', `${BASE}/jobs`, {
      page: 'admin/priceList',
      filters,
      sort: [{ field: 'price', order: 'descend' }],
      columns: ['commodityName', 'priceType', 'price', 'storeCode'],
    });
    const job = await finished(created.body.data.id);
    const list = (
      await t.json(hq, 'POST', PRICE_LIST, {
        ...filters,
        sort: [{ field: 'price', order: 'descend' }],
        pageSize: 500,
      })
    ).body.data;
    expect(job.rowCount).toBe(list.total);
    const sheet = await readSheet((await download(job.id)).res.rawPayload);
    expect(sheet.getRow(1).values).toEqual([undefined, '商品名称', '价格类型', '价格', '门店编码']);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      list.list[0].commodityName,
      '会员价',
      Number(list.list[0].price),
      'S1001',
    ]);
  });

  it('refuses what the list would refuse, and other users', async () => {
    const bad = await t.json(hq, 'POST', `${BASE}/jobs`, {
      page: 'admin/priceList',
      filters: { price: 1 },
    });
    expect(bad.status).toBe(400);
    const unknown = await t.json(hq, 'POST', `${BASE}/jobs`, { page: 'admin/nothing', filters: {} });
    expect(unknown.body.result.msg).toBe('该列表不支持导出');
    const badSort = await t.json(hq, 'POST', `${BASE}/jobs`, {
      page: 'admin/priceList',
      sort: [{ field: 'commodityName', order: 'ascend' }],
    });
    expect(badSort.body.result.msg).toBe('不支持按该字段排序');
    const md = await t.login('md001');
    expect((await t.json(md, 'POST', `${BASE}/jobs`, { page: 'admin/priceList' })).status).toBe(401);
    const mine = (await jobs())[0];
    expect((await t.json(md, 'POST', `${BASE}/jobs/${mine.id}/link`)).status).toBe(404);
    expect((await jobs(md)).length).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/download/${'x'.repeat(43)}` })).statusCode,
    ).toBe(410);
  });

  it(
    'a job queued before a restart is done by the next server on the same database',
    { timeout: 120_000 },
    async () => {
      // The first server stops (its worker with it); the database stays.
      await t.app.close();
      const user = await t.database.db
        .selectFrom('appUser')
        .select('id')
        .where('account', '=', 'hq001')
        .executeTakeFirstOrThrow();
      const job = await t.database.db
        .insertInto('exportJob')
        .values({
          userId: user.id,
          page: 'admin/appList',
          resource: 'appInfo',
          title: '应用管理',
          params: JSON.stringify({ filters: {}, sort: [] }),
          columns: JSON.stringify(['appName', 'status']),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // A job left running by a server that stopped long ago.
      const stale = await t.database.db
        .insertInto('exportJob')
        .values({
          userId: user.id,
          page: 'admin/appList',
          resource: 'appInfo',
          title: '应用管理',
          params: JSON.stringify({ filters: {}, sort: [] }),
          columns: JSON.stringify(['appName']),
          status: 1,
          heartbeatAt: new Date(Date.now() - 10 * 60_000),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const config = {
        ...loadConfig({ NODE_ENV: 'test', DIST_DIR: '/nonexistent', DATA_DIR: dataDir }),
        demo: true,
      };
      const second = await buildApp({ config, db: t.database.db, keys: t.keys });
      await second.ready();
      try {
        const call = (url: string) =>
          second.inject({ method: 'GET', url, headers: signHeaders(t.keys.signSecret, hq) });
        const until = Date.now() + 60_000;
        let rows: { id: number; status: number; rowCount: number }[] = [];
        while (Date.now() < until) {
          rows = (await call(`${BASE}/jobs?pageSize=50`)).json().data.list;
          if ([job.id, stale.id].every((id) => rows.find((r) => r.id === id)?.status === 2)) break;
          await new Promise((r) => setTimeout(r, 300));
        }
        expect(rows.find((r) => r.id === job.id)).toMatchObject({ status: 2, rowCount: 3 });
        expect(rows.find((r) => r.id === stale.id)).toMatchObject({ status: 2, rowCount: 3 });
      } finally {
        await second.close();
      }
    },
  );
});
