import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemasCopy } from '../unit/schemas/copy';
import { createTestApp, type TestApp } from '../fixtures/app';

const EXPENSE = '/api/v1/finance/storeExpense';
const TODO = '/api/v1/approval/task/findTodoByPage';
const TASK = '/api/v1/approval/task';
const INSTANCE = '/api/v1/approval/instance';

const withSchemas = async <T>(dir: string, run: () => Promise<T>) => {
  process.env.SCHEMAS_DIR = dir;
  try {
    return await run();
  } finally {
    delete process.env.SCHEMAS_DIR;
  }
};

/** The store-expense flow of schemas/workflows/storeExpenseApproval.json, and variants of it. */
function flow(t: TestApp) {
  const json = t.json;
  return {
    json,
    async draft(token: string, amount: number) {
      const res = await json(token, 'POST', `${EXPENSE}/add`, {
        category: 1,
        amount,
        expenseDate: '2026-11-20',
        reason: '冷柜压缩机维修',
      });
      expect(res.status).toBe(200);
      return res.body.data as { id: number; expenseCode: string; status: number; storeId: number };
    },
    get: async (token: string, id: number) => (await json(token, 'GET', `${EXPENSE}/detail/${id}`)).body.data,
    /** The caller's pending task on the approval of this document. */
    async task(token: string, code: string) {
      const list = (await json(token, 'POST', TODO, { keyword: code })).body.data?.list ?? [];
      return list[0] as { id: number; instanceId: number; stepTitle: string } | undefined;
    },
    async records(token: string, instanceId: number) {
      const d = (await json(token, 'GET', `${INSTANCE}/detail/${instanceId}`)).body.data;
      return (d.records as { action: number; stepTitle: string; actorName: string }[]).map(
        (r) => `${r.stepTitle}:${r.action}:${r.actorName}`,
      );
    },
  };
}

// Issue 14: steps by role in the submitter's store and at headquarters, a condition adding a step,
// a step skipped for its own approver, all-of steps, atomic final approval.
describe('approval flows: store expense requests', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let clerk: string;
  let fin: string;
  let f: ReturnType<typeof flow>;

  beforeAll(async () => {
    t = await createTestApp();
    // e00007 is a clerk of md001's store (server/db/seed/accounts.ts); tip001 works in finance.
    [hq, md, clerk, fin] = [
      await t.login('hq001'),
      await t.login('md001'),
      await t.login('e00007'),
      await t.login('tip001'),
    ];
    f = flow(t);
  }, 60_000);
  afterAll(() => t.close());

  it('a clerk submits: the store manager, then headquarters; the document passes only on the last approval', async () => {
    const doc = await f.draft(clerk, 800);
    expect(doc).toMatchObject({ status: 0, storeId: 11 });
    const submitted = await f.json(clerk, 'POST', `${EXPENSE}/submit/${doc.id}`);
    expect(submitted.body.data.status).toBe(10);
    const first = (await f.task(md, doc.expenseCode))!;
    expect(first.stepTitle).toBe('店长审批');
    expect(await f.task(hq, doc.expenseCode)).toBeUndefined();
    await f.json(md, 'POST', `${TASK}/approve/${first.id}`);
    expect(await f.get(hq, doc.id)).toMatchObject({ status: 10, approveTime: null });
    const second = (await f.task(hq, doc.expenseCode))!;
    expect(second.stepTitle).toBe('总部审批');
    await f.json(hq, 'POST', `${TASK}/approve/${second.id}`);
    expect((await f.get(hq, doc.id)).status).toBe(20);
    expect((await f.get(hq, doc.id)).approveTime).toBeTruthy();
    expect(await f.records(hq, first.instanceId)).toEqual([
      '店长审批:1:卫平',
      '店长审批:2:李店长',
      '总部审批:2:张总部',
    ]);
  });

  it('from 5,000 yuan finance approves too (a condition adds the step)', async () => {
    const doc = await f.draft(clerk, 6000);
    await f.json(clerk, 'POST', `${EXPENSE}/submit/${doc.id}`);
    await f.json(md, 'POST', `${TASK}/approve/${(await f.task(md, doc.expenseCode))!.id}`);
    await f.json(hq, 'POST', `${TASK}/approve/${(await f.task(hq, doc.expenseCode))!.id}`);
    expect((await f.get(hq, doc.id)).status).toBe(10);
    const last = (await f.task(fin, doc.expenseCode))!;
    expect(last.stepTitle).toBe('财务审批');
    await f.json(fin, 'POST', `${TASK}/approve/${last.id}`);
    expect((await f.get(hq, doc.id)).status).toBe(20);
  });

  it("a store manager's own request skips the store-manager step", async () => {
    const doc = await f.draft(md, 300);
    await f.json(md, 'POST', `${EXPENSE}/submit/${doc.id}`);
    const task = (await f.task(hq, doc.expenseCode))!;
    expect(task.stepTitle).toBe('总部审批');
    expect(await f.records(hq, task.instanceId)).toEqual(['店长审批:1:李店长', '店长审批:6:系统']);
  });

  it('only the applicant submits; a store sees only its own requests', async () => {
    const doc = await f.draft(clerk, 100);
    const other = await f.json(md, 'POST', `${EXPENSE}/submit/${doc.id}`);
    expect(other.status).toBe(401);
    const list = (await f.json(md, 'POST', `${EXPENSE}/findByPage`, { pageSize: 500 })).body.data.list;
    expect(list.every((r: { storeId: number }) => r.storeId === 11)).toBe(true);
  });
});

describe('approval flows: all-of steps and an atomic final approval', () => {
  let t: TestApp;
  let f: ReturnType<typeof flow>;
  let hq: string;
  let fin: string;
  let md: string;

  beforeAll(async () => {
    const dir = schemasCopy({
      'workflows/storeExpenseApproval.json': (w) => {
        // Headquarters and finance must both sign; no store-manager step.
        w.steps = [{ title: '会签', mode: 'allOf', approvers: [{ users: ['hq001', 'tip001'] }] }];
      },
      // The document's own rule refuses the final move (only the applicant may run it): the whole
      // decision must roll back with it.
      'resources/storeExpense.json': (r) => {
        r.states.transitions.find((x: { name: string }) => x.name === 'approve').actor = 'applicantId';
      },
    });
    t = await withSchemas(dir, () => createTestApp());
    [hq, fin, md] = [await t.login('hq001'), await t.login('tip001'), await t.login('md001')];
    f = flow(t);
  }, 60_000);
  afterAll(() => t.close());

  it('every approver of an all-of step signs; the last signature runs the guarded transition or nothing at all', async () => {
    const doc = await f.draft(md, 500);
    await f.json(md, 'POST', `${EXPENSE}/submit/${doc.id}`);
    const a = (await f.task(hq, doc.expenseCode))!;
    const b = (await f.task(fin, doc.expenseCode))!;
    expect((await f.json(hq, 'POST', `${TASK}/approve/${a.id}`)).status).toBe(200);
    expect((await f.get(hq, doc.id)).status).toBe(10);
    const refused = await f.json(fin, 'POST', `${TASK}/approve/${b.id}`);
    expect(refused.status).toBe(401);
    // Rolled back together: the task is still open, the approval still running, the document waiting.
    expect(await f.task(fin, doc.expenseCode)).toMatchObject({ id: b.id });
    expect((await f.get(hq, doc.id)).status).toBe(10);
    expect(await f.records(hq, a.instanceId)).toEqual(['会签:1:李店长', '会签:2:张总部']);
    const reject = await f.json(fin, 'POST', `${TASK}/reject/${b.id}`, { comment: '金额超标' });
    expect(reject.status).toBe(200);
    expect((await f.get(hq, doc.id)).status).toBe(30);
  });
});

describe('approval added to another transition by JSON alone', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dir = schemasCopy({
      // A way back from 拣货中, for the rejection of the new review (also JSON).
      'resources/pickOrder.json': (r) =>
        r.states.transitions.push({
          name: 'returnPicking',
          title: '退回重拣',
          from: [30],
          to: 20,
          permission: 'pickOrder:finish',
        }),
    });
    fs.writeFileSync(
      path.join(dir, 'workflows/pickFinishReview.json'),
      JSON.stringify({
        $schema: '../meta/workflow.schema.json',
        name: 'pickFinishReview',
        title: '拣货复核',
        resource: 'pickOrder',
        pendingState: 30,
        approve: 'finishPickOrder',
        reject: 'returnPicking',
        steps: [{ title: '复核', approvers: [{ users: ['hq001'] }] }],
      }),
    );
    t = await withSchemas(dir, () => createTestApp());
  }, 60_000);
  afterAll(() => t.close());

  it('starting to pick waits for the review; finishing runs only through it', async () => {
    const [hq, wh] = [await t.login('hq001'), await t.login('wh001')];
    const PICK = '/gateApi/storageAdmin/pickOrder';
    const list = await t.json(hq, 'POST', '/gateApi/storageAdmin/pickOrder/web/queryPickOrderList', {
      status: [20],
      pageSize: 1,
    });
    const order = list.body.data.list[0] as { id: number; pickOrderCode: string };
    expect((await t.json(wh, 'POST', `${PICK}/startPickOrder/${order.id}`)).body.data.status).toBe(30);
    const direct = await t.json(wh, 'POST', `${PICK}/finishPickOrder/${order.id}`);
    expect(direct.status).toBe(409);
    expect(direct.body.result.msg).toBe('“完成拣货”须经拣货复核，请在审批中心处理');
    const task = (await t.json(hq, 'POST', TODO, { keyword: order.pickOrderCode })).body.data.list[0];
    expect(task).toMatchObject({ workflowTitle: '拣货复核', stepTitle: '复核' });
    await t.json(hq, 'POST', `${TASK}/approve/${task.id}`);
    const done = await t.json(hq, 'GET', `${PICK}/findPickOrderAndItemsByCode/${order.pickOrderCode}`);
    expect(done.body.data.status).toBe(40);
  });
});
