import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobWorker, type JobRunner } from '../../server/services/jobs-worker';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

// Issue 23: one job mechanism for long work. Workers on one database never share a job, report
// progress at least once a second, stop a cancelled job between items and take over the job of a
// crashed worker; imports validate every row like the form and import nothing unless all are valid.
const JOBS = '/api/v1/export/jobs';
const IMPORT = '/api/v1/import/jobs';
const TODO = '/api/v1/approval/task/findTodoByPage';
const PAGE = 'admin/commodityImportApplyList';
const HEADERS = [
  '商品编码',
  '商品名称',
  '规格',
  '单位',
  '条码',
  '分类',
  '称重商品',
  '保质期(天)',
  '温层',
  '税率',
  '采购价',
  '零售价',
];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function xlsx(rows: (string | number)[][]): Promise<string> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('商品');
  ws.addRow(HEADERS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer()).toString('base64');
}

const good = (code: string, name: string) => [
  code,
  name,
  '500g',
  '盒',
  '6901234567892',
  '010101',
  '否',
  7,
  '冷藏',
  '9%',
  3.5,
  6.8,
];

describe('jobs: exports, imports, progress, cancel, recovery', () => {
  let t: TestApp;
  let hq: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-jobs-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    hq = await t.login('hq001');
  });
  afterAll(async () => {
    await t.close().catch(() => t.database.close());
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  const userId = async (account: string) =>
    (await db().selectFrom('appUser').select('id').where('account', '=', account).executeTakeFirstOrThrow())
      .id;
  const queue = async (kind: string, n: number) => {
    const uid = await userId('hq001');
    return (
      await db()
        .insertInto('exportJob')
        .values(
          Array.from({ length: n }, (_, i) => ({
            kind,
            userId: uid,
            orgId: null,
            page: 'admin/test',
            resource: 'test',
            title: `任务${i}`,
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
  };
  const row = (id: number) =>
    db().selectFrom('exportJob').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  async function until<T>(what: () => Promise<T | undefined>, within = 30_000): Promise<T> {
    const end = Date.now() + within;
    for (;;) {
      const v = await what();
      if (v !== undefined) return v;
      if (Date.now() > end) throw new Error('timed out');
      await sleep(50);
    }
  }

  it('two workers on one database take every queued job exactly once', { timeout: 60_000 }, async () => {
    const ids = await queue('t-claim', 16);
    const seen: [string, number][] = [];
    const runner =
      (name: string): JobRunner =>
      async (job) => {
        seen.push([name, job.id]);
        await sleep(20);
        return { status: 2, rowCount: 1 };
      };
    const a = startJobWorker(db(), 't-claim', runner('a'), t.app.log, { failure: 'x' });
    const b = startJobWorker(db(), 't-claim', runner('b'), t.app.log, { failure: 'x' });
    await Promise.all([a.idle(), b.idle()]);
    await Promise.all([a.stop(), b.stop()]);
    expect(seen.map(([, id]) => id).sort((x, y) => x - y)).toEqual(ids);
    expect(new Set(seen.map(([w]) => w))).toEqual(new Set(['a', 'b']));
    for (const id of ids) expect((await row(id)).status).toBe(2);
  });

  it(
    'progress is written at least once a second, only grows, and reaches the total',
    { timeout: 60_000 },
    async () => {
      const [id] = await queue('t-progress', 1);
      const w = startJobWorker(
        db(),
        't-progress',
        async (_job, ctx) => {
          for (let i = 1; i <= 30; i++) {
            await sleep(100);
            await ctx.progress(i, 30);
          }
          return { status: 2, rowCount: 30 };
        },
        t.app.log,
        { failure: 'x' },
      );
      const samples: { done: number; beat: number }[] = [];
      let r = await row(id!);
      while (r.status <= 1) {
        if (r.status === 1 && r.heartbeatAt)
          samples.push({ done: r.rowCount, beat: new Date(r.heartbeatAt).getTime() });
        await sleep(150);
        r = await row(id!);
      }
      await w.stop();
      expect(r.status).toBe(2);
      expect(r.rowCount).toBe(30);
      const done = samples.map((s) => s.done);
      expect(done).toEqual([...done].sort((x, y) => x - y));
      expect(new Set(done).size).toBeGreaterThanOrEqual(2);
      const beats = [...new Set(samples.map((s) => s.beat))];
      for (let i = 1; i < beats.length; i++) expect(beats[i]! - beats[i - 1]!).toBeLessThan(1_600);
    },
  );

  it('a cancelled job stops between items and keeps its cancelled state', { timeout: 60_000 }, async () => {
    const [id] = await queue('t-cancel', 1);
    let items = 0;
    const w = startJobWorker(
      db(),
      't-cancel',
      async (_job, ctx) => {
        for (let i = 1; i <= 1000; i++) {
          await sleep(20);
          items = i;
          await ctx.progress(i, 1000, true);
        }
        return { status: 2, rowCount: 1000 };
      },
      t.app.log,
      { failure: 'x' },
    );
    await until(async () => ((await row(id!)).rowCount >= 5 ? true : undefined));
    const res = await t.json(hq, 'POST', `${JOBS}/${id}/cancel`);
    // (a test kind has no status names; the centres' kinds say 已取消)
    expect(res.body.data).toMatchObject({ status: 4 });
    const at = items;
    await sleep(300);
    await w.stop();
    expect(items - at).toBeLessThanOrEqual(1);
    const r = await row(id!);
    expect(r.status).toBe(4);
    // A finished job cannot be cancelled; another user's job is not found.
    expect((await t.json(hq, 'POST', `${JOBS}/${id}/cancel`)).status).toBe(409);
    const md = await t.login('md001');
    expect((await t.json(md, 'POST', `${JOBS}/${id}/cancel`)).status).toBe(404);
  });

  it(
    'the job of a crashed worker is taken over by another once its heartbeat is stale',
    { timeout: 60_000 },
    async () => {
      const [id] = await queue('t-crash', 1);
      // A worker took it, wrote some progress and died: running, with an old heartbeat and a dead claim.
      await db()
        .updateTable('exportJob')
        .set({
          status: 1,
          claim: 'dead-worker',
          rowCount: 7,
          heartbeatAt: new Date(Date.now() - 10_000),
          startTime: new Date(),
        })
        .where('id', '=', id!)
        .execute();
      const w = startJobWorker(db(), 't-crash', async () => ({ status: 2, rowCount: 3 }), t.app.log, {
        failure: 'x',
        staleMs: 5_000,
      });
      await w.idle();
      await w.stop();
      const r = await row(id!);
      expect(r.status).toBe(2);
      expect(r.rowCount).toBe(3);
      expect(r.claim).not.toBe('dead-worker');
    },
  );

  it('an export reports the rows written of its total as its progress', { timeout: 120_000 }, async () => {
    const start = await t.json(hq, 'POST', JOBS, { page: 'admin/priceList', filters: {} });
    expect(start.body.result.success).toBe(true);
    const id = start.body.data.id as number;
    const job = await until(async () => {
      const list = (await t.json(hq, 'GET', `${JOBS}?ids=${id}`)).body.data.list;
      return list[0]?.status >= 2 ? list[0] : undefined;
    }, 90_000);
    expect(job.status).toBe(2);
    expect(job.total).toBe(job.rowCount);
    expect(job.rowCount).toBeGreaterThan(0);
  });

  /** A clerk holding the import page and code (tip001, given exactly those). */
  let clerkToken: string | undefined;
  const importer = async () =>
    (clerkToken ??= await userWith(t, 'tip001', [
      '/admin/product/commodityImportApplyList',
      'commodityApply:import',
    ]));

  async function startImport(token: string, content: string, fileName = '商品.xlsx') {
    return t.json(token, 'POST', IMPORT, { page: PAGE, fileName, content });
  }
  async function finished(token: string, id: number) {
    return until(async () => {
      const list = (await t.json(token, 'GET', `${JOBS}?kind=import&ids=${id}`)).body.data.list;
      return list[0]?.status >= 2 ? list[0] : undefined;
    });
  }

  it(
    'an import with bad rows changes nothing and lists every bad row by row and column',
    { timeout: 60_000 },
    async () => {
      const before = await db()
        .selectFrom('commodityImportApply' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const content = await xlsx([
        good('990001', '测试橙子'),
        ['99002', '坏编码', '', '盒', '', '010101', '否', 7, '冷藏', '9%', 3.5, 6.8],
        good('990003', '测试橘子'),
        ['990004', '', '', '盒', '', '999999', '否', 0, '温热', '9%', -1, 6.8],
      ]);
      const started = await startImport(hq, content);
      expect(started.body.data.statusName).toBe('排队中');
      const job = await finished(hq, started.body.data.id);
      expect(job.status).toBe(3);
      expect(job.statusName).toBe('导入失败');
      expect(job.error).toMatch(/未导入任何数据/);
      expect([job.rowCount, job.total]).toEqual([4, 4]);
      const errors = job.result.errors as { row: number; column: string; message: string }[];
      expect(errors).toEqual(
        expect.arrayContaining([
          { row: 3, column: '商品编码', message: '商品编码必须是 6 位数字' },
          expect.objectContaining({ row: 5, column: '商品名称' }),
          expect.objectContaining({ row: 5, column: '保质期(天)' }),
          expect.objectContaining({ row: 5, column: '温层' }),
          expect.objectContaining({ row: 5, column: '采购价' }),
        ]),
      );
      expect(errors.every((e) => e.row === 3 || e.row === 5)).toBe(true);
      // A value refused by two rules with the same text (the code's length and pattern) is listed once.
      expect(errors.filter((e) => e.row === 3)).toEqual([
        { row: 3, column: '商品编码', message: '商品编码必须是 6 位数字' },
      ]);
      const after = await db()
        .selectFrom('commodityImportApply' as never)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      // The errors file: every error by row and column.
      const link = await t.json(hq, 'POST', `${JOBS}/${job.id}/link`);
      const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as never);
      const ws = wb.worksheets[0]!;
      expect(ws.getRow(1).values).toEqual([undefined, '行号', '列', '错误信息']);
      expect(ws.getRow(2).values).toEqual([undefined, 3, '商品编码', '商品编码必须是 6 位数字']);
      expect(ws.rowCount - 1).toBe(job.result.errorCount);
    },
  );

  it(
    'an unknown category is reported on its row; a valid file becomes one application, approved into commodities',
    { timeout: 60_000 },
    async () => {
      const bad = await finished(
        hq,
        (
          await startImport(
            hq,
            await xlsx([
              good('990011', '测试甲'),
              [...good('990012', '测试乙').slice(0, 5), '777777', ...good('x', 'y').slice(6)],
            ]),
          )
        ).body.data.id,
      );
      expect(bad.result.errors).toEqual([{ row: 3, column: '分类', message: '所选分类不存在或已停用' }]);

      // A clerk's file (an administrator's own application would pass his step at once), as CSV
      // with the same header: cells are text, so codes keep their leading zeros.
      const clerk = await importer();
      const csv = [HEADERS, good('990021', '测试苹果'), good('990022', '测试香蕉')]
        .map((r) => r.join(','))
        .join('\n');
      const ok = await finished(
        clerk,
        (await startImport(clerk, Buffer.from(`\uFEFF${csv}`).toString('base64'), '商品.csv')).body.data.id,
      );
      expect(ok).toMatchObject({
        status: 2,
        statusName: '已完成',
        rowCount: 2,
        result: { created: 2, errorCount: 0 },
      });
      const apply = (
        await t.json(hq, 'POST', '/api/v1/product/commodityImportApply/findByPage', {
          pageNo: 1,
          pageSize: 1,
        })
      ).body.data.list[0];
      expect(apply).toMatchObject({ lineCount: 2, status: 10, reason: '批量导入新商品' });
      const made = () =>
        db()
          .selectFrom('commodity' as never)
          .select('name' as never)
          .where('code' as never, 'in', ['990021', '990022'] as never)
          .execute() as Promise<{ name: string }[]>;
      // Nothing exists before the approval; the store manager cannot approve it.
      expect(await made()).toHaveLength(0);
      const md = await t.login('md001');
      expect(
        (await t.json(md, 'POST', `/api/v1/product/commodityImportApply/approve/${apply.id}`)).status,
      ).toBe(401);
      // Headquarters approves it in the approval centre: then every line becomes a commodity.
      const todo = await t.json(hq, 'POST', TODO, { keyword: apply.applyCode });
      const task = todo.body.data.list[0] as { id: number };
      const res = await t.json(hq, 'POST', `/api/v1/approval/task/approve/${task.id}`);
      expect(res.body.result.success).toBe(true);
      expect((await made()).map((r) => r.name).sort()).toEqual(['测试苹果', '测试香蕉']);
    },
  );

  it(
    'importing needs commodityApply:import; the page must have an import action',
    { timeout: 60_000 },
    async () => {
      const content = await xlsx([good('990031', '测试梨')]);
      const md = await t.login('md001');
      expect((await startImport(md, content)).status).toBe(401);
      const lister = await userWith(t, 'wh001', ['/admin/product/commodityImportApplyList']);
      expect((await startImport(lister, content)).status).toBe(401);
      expect((await startImport(await importer(), content)).body.result.success).toBe(true);
      const other = await t.json(hq, 'POST', IMPORT, {
        page: 'admin/commodityList',
        fileName: 'a.xlsx',
        content,
      });
      expect(other.status).toBe(400);
      expect(other.body.result.msg).toBe('该列表不支持导入');
      const notXlsx = await t.json(hq, 'POST', IMPORT, { page: PAGE, fileName: 'a.txt', content });
      expect(notXlsx.body.result.msg).toBe('请上传 xlsx、CSV 或 JSON 文件');
    },
  );
});
