import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

// Issue 23.4: a batch action over more rows than a synchronous batch takes (or asked for as a job)
// runs as a job of kind batch: each row in its own transaction through the transition engine, each
// row's outcome kept (done, or refused with the Chinese reason), progress monotonic, cancel between rows.
const BATCH = '/api/v1/shop/appOrder/batch';
const JOBS = '/api/v1/export/jobs';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Job = {
  id: number;
  kind: string;
  status: number;
  statusName: string;
  rowCount: number;
  total: number | null;
  fileName: string | null;
  result: { done: number; refusedCount: number; refused: { id: string; name: string; message: string }[] };
};

describe('batch actions as jobs', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fresh-batch-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    [hq, md] = [await t.login('hq001'), await t.login('md001')];
  });
  afterAll(async () => {
    await t.close().catch(() => t.database.close());
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const db = () => t.database.db;
  /** Orders to work on, set to the given statuses (one status per slice of the list). */
  async function orders(n: number, where: { shopId?: number; notShop?: number } = {}) {
    let q = db().selectFrom('cloudOrder').select('id').orderBy('id');
    if (where.shopId !== undefined) q = q.where('shopId', '=', where.shopId);
    if (where.notShop !== undefined) q = q.where('shopId', '<>', where.notShop);
    const ids = (await q.limit(n).execute()).map((r) => Number(r.id));
    expect(ids.length).toBe(n);
    return ids;
  }
  const setStatus = (ids: number[], status: number) =>
    db().updateTable('cloudOrder').set({ orderStatus: status }).where('id', 'in', ids).execute();
  const statuses = async (ids: number[]) =>
    new Map(
      (
        await db().selectFrom('cloudOrder').select(['id', 'orderStatus']).where('id', 'in', ids).execute()
      ).map((r) => [Number(r.id), r.orderStatus]),
    );
  const job = async (token: string, id: number) => {
    const { body } = await t.json(token, 'GET', `${JOBS}?kind=batch&ids=${id}`);
    if (!body.data) throw new Error(JSON.stringify(body));
    return body.data.list[0] as Job;
  };
  /** Follows a job to its end, every progress it showed on the way. */
  async function follow(token: string, id: number) {
    const seen: number[] = [];
    for (let i = 0; i < 600; i++) {
      const j = await job(token, id);
      seen.push(j.rowCount);
      if (j.status >= 2) return { job: j, seen };
      await sleep(50);
    }
    throw new Error('batch job did not finish');
  }

  it('a batch over the endpoint’s limit runs as a job: each row’s outcome kept, progress monotonic', async () => {
    const ids = await orders(300);
    // Mixed: the refused rows are interleaved with the ones that move.
    const ok = ids.filter((_, i) => i % 5 < 3);
    const wrong = ids.filter((_, i) => i % 5 >= 3);
    await setStatus(ok, 2);
    await setStatus(wrong, 6);
    const res = await t.json(hq, 'POST', `${BATCH}/accept`, { ids });
    expect(res.status).toBe(200);
    expect(res.body.data.count).toBe(300);
    const queued = res.body.data.job as { id: number; title: string; statusName: string };
    expect(queued.title).toBe('云超订单：接单（300 条）');
    const { job: done, seen } = await follow(hq, queued.id);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(done.kind).toBe('batch');
    expect(done.status).toBe(2);
    expect(done.statusName).toBe('已完成');
    expect(done.rowCount).toBe(300);
    expect(done.total).toBe(300);
    expect(done.result.done).toBe(180);
    expect(done.result.refusedCount).toBe(120);
    // The centre row carries the first refusals; all of them are in the downloadable file.
    expect(done.result.refused).toHaveLength(50);
    const first = done.result.refused[0]!;
    expect(wrong.map(String)).toContain(first.id);
    expect(first.name).toMatch(/^\S+$/);
    expect(first.message).toBe(`云超订单【${first.name}】当前状态为“已送达”，不能执行“接单”操作`);
    const now = await statuses(ids);
    expect(ok.every((id) => now.get(id) === 3)).toBe(true);
    expect(wrong.every((id) => now.get(id) === 6)).toBe(true);
    expect(done.fileName).toMatch(/未执行/);
    const link = await t.json(hq, 'POST', `${JOBS}/${done.id}/link`);
    expect(link.status).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: link.body.data.url as string });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBeGreaterThan(1000);
  });

  it('a short batch stays synchronous and all or nothing; asked for as a job it runs as one', async () => {
    const ids = await orders(3, { shopId: 11 });
    await setStatus(ids, 2);
    const sync = await t.json(hq, 'POST', `${BATCH}/accept`, { ids: ids.slice(0, 2) });
    expect(sync.status).toBe(200);
    expect(sync.body.data).toEqual({ count: 2 });
    const asJob = await t.json(hq, 'POST', `${BATCH}/accept`, { ids, job: true });
    expect(asJob.status).toBe(200);
    const { job: done } = await follow(hq, asJob.body.data.job.id as number);
    expect(done.result.done).toBe(1);
    expect(done.result.refusedCount).toBe(2);
  });

  it('only the caller’s permitted and scoped rows act: other stores’ rows are refused as unknown', async () => {
    const own = await orders(4, { shopId: 11 });
    const others = await orders(4, { notShop: 11 });
    await setStatus([...own, ...others], 2);
    const res = await t.json(md, 'POST', `${BATCH}/accept`, { ids: [...others, ...own], job: true });
    expect(res.status).toBe(200);
    const { job: done } = await follow(md, res.body.data.job.id as number);
    expect(done.result.done).toBe(4);
    expect(done.result.refusedCount).toBe(4);
    expect(done.result.refused.map((r) => r.id)).toEqual(others.map(String));
    expect(done.result.refused.every((r) => r.message === '云超订单不存在')).toBe(true);
    const now = await statuses([...own, ...others]);
    expect(own.every((id) => now.get(id) === 3)).toBe(true);
    expect(others.every((id) => now.get(id) === 2)).toBe(true);
    // Another user does not see the job.
    expect(await job(hq, done.id)).toBeUndefined();

    // Without the action's own code the batch is refused at once; nothing is queued.
    const deliverOnly = await userWith(t, 'e00001', ['/admin/shop/cloudOrderList', 'cloudOrder:deliver']);
    const refused = await t.json(deliverOnly, 'POST', `${BATCH}/accept`, { ids: own, job: true });
    expect(refused.status).toBe(401);
    const { body } = await t.json(deliverOnly, 'GET', `${JOBS}?kind=batch`);
    expect(body.data.total).toBe(0);
  });

  it('cancel stops between rows: the rows done stay done, the rest untouched, the outcome kept', async () => {
    const ids = await orders(400);
    await setStatus(ids, 2);
    const res = await t.json(hq, 'POST', `${BATCH}/accept`, { ids });
    const id = res.body.data.job.id as number;
    let j = await job(hq, id);
    for (let i = 0; i < 400 && !(j.status === 1 && j.rowCount > 0); i++) {
      await sleep(10);
      j = await job(hq, id);
    }
    expect(j.status).toBe(1);
    const cancel = await t.json(hq, 'POST', `${JOBS}/${id}/cancel`);
    expect(cancel.status).toBe(200);
    expect(cancel.body.data.statusName).toBe('已取消');
    await sleep(500);
    const after = await job(hq, id);
    expect(after.status).toBe(4);
    const now = await statuses(ids);
    const moved = ids.filter((x) => now.get(x) === 3);
    expect(moved.length).toBeLessThan(400);
    // Rows move in the order sent: a prefix moved, nothing after it, and the job says how many.
    expect(moved).toEqual(ids.slice(0, moved.length));
    expect(after.result.done).toBe(moved.length);
    expect(after.rowCount).toBe(moved.length);
    await sleep(300);
    expect((await statuses(ids)).size).toBe(400);
    expect([...(await statuses(ids)).values()].filter((s) => s === 3)).toHaveLength(moved.length);
  });
});
