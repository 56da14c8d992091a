import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TRANSFER_LIST } from './resource-helpers';

const TRANSFER = '/gateApi/storageAdmin/transferApply/web';
const TODO = '/api/v1/approval/task/findTodoByPage';
const DONE = '/api/v1/approval/task/findDoneByPage';
const TASK = '/api/v1/approval/task';
const MINE = '/api/v1/approval/instance/findMineByPage';
const INSTANCE = '/api/v1/approval/instance';

// Issue 14: the transfer-application review declared in schemas/workflows/transferApplyReview.json.
describe('approval workflows (server)', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  let md: string;

  beforeAll(async () => {
    t = await createTestApp();
    [hq, wh, md] = [await t.login('hq001'), await t.login('wh001'), await t.login('md001')];
  }, 60_000);
  afterAll(() => t.close());

  const transfer = async (id: number) =>
    (await t.json(hq, 'GET', `${TRANSFER}/findDetailById/${id}`)).body.data;
  const todo = async (token: string, keyword?: string) =>
    (await t.json(token, 'POST', TODO, { pageSize: 500, ...(keyword ? { keyword } : {}) })).body.data;
  const instanceOf = async (orderCode: string) =>
    (await t.json(wh, 'POST', MINE, { keyword: orderCode })).body.data.list[0];
  const pendingTransfer = async () => {
    const { body } = await t.json(hq, 'POST', TRANSFER_LIST, { status: [10], pageSize: 1 });
    return body.data.list[0] as { id: number; orderCode: string };
  };

  it('seeded transfers waiting for review are tasks of the headquarters reviewers, not of the submitter', async () => {
    const mine = await todo(hq);
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.list[0]).toMatchObject({ workflowTitle: '调拨申请审核', stepTitle: '调拨审核', status: 0 });
    expect((await todo(wh)).total).toBe(0);
  });

  it('the guarded transition cannot be run directly: only through the approval', async () => {
    const doc = await pendingTransfer();
    const direct = await t.json(hq, 'POST', `${TRANSFER}/approveTransfer/${doc.id}`);
    expect(direct.status).toBe(409);
    expect(direct.body.result.msg).toBe('“审核通过”须经调拨申请审核，请在审批中心处理');
    expect((await transfer(doc.id)).status).toBe(10);
  });

  it('the final approval runs the guarded transition in the same call; the submitter is told', async () => {
    const doc = await pendingTransfer();
    const [task] = (await todo(hq, (await instanceOf(doc.orderCode)).instanceCode)).list;
    const other = await t.json(md, 'POST', `${TASK}/approve/${task.id}`);
    expect(other.status).toBe(401);
    expect(other.body.result.msg).toBe('只有审批人本人可以执行“通过”操作');
    const ok = await t.json(hq, 'POST', `${TASK}/approve/${task.id}`);
    expect(ok.body.data).toMatchObject({ status: 1 });
    expect(await transfer(doc.id)).toMatchObject({ status: 20, auditorName: '张总部' });
    const inst = await instanceOf(doc.orderCode);
    expect(inst).toMatchObject({ status: 20 });
    const detail = (await t.json(wh, 'GET', `${INSTANCE}/detail/${inst.id}`)).body.data;
    expect(detail.records.map((r: { action: number }) => r.action)).toEqual([1, 2]);
    const again = await t.json(hq, 'POST', `${TASK}/approve/${task.id}`);
    expect(again.status).toBe(409);
    const done = (await t.json(hq, 'POST', DONE, { keyword: inst.instanceCode })).body.data.list;
    expect(done[0]).toMatchObject({ id: task.id, status: 1 });
    // The document's own detail shows its approvals to whoever may read the document.
    const timeline = await t.json(wh, 'GET', `/api/v1/approval/timeline?resource=transferApply&id=${doc.id}`);
    expect(timeline.body.data[0]).toMatchObject({ instanceCode: inst.instanceCode, status: 20 });
    expect(timeline.body.data[0].records.map((r: { actorName: string }) => r.actorName)).toEqual([
      '王仓管',
      '张总部',
    ]);
    const stranger = await t.json(md, 'GET', `/api/v1/approval/timeline?resource=transferApply&id=${doc.id}`);
    expect(stranger.status).toBe(401);
    const inbox = await t.json(wh, 'GET', '/api/v1/msg/im/message/getMessageListForFrontend?type=4');
    expect(inbox.body.data.list[0].title).toBe(`审批结果：调拨申请【${doc.orderCode}】`);
  });

  it('a rejection needs a comment and sends the document back; resubmitting starts a new approval', async () => {
    const doc = await pendingTransfer();
    const inst = await instanceOf(doc.orderCode);
    const [task] = (await todo(hq, inst.instanceCode)).list;
    const bare = await t.json(hq, 'POST', `${TASK}/reject/${task.id}`, {});
    expect(bare.status).toBe(400);
    expect(bare.body.result.msg).toBe('请输入驳回意见');
    await t.json(hq, 'POST', `${TASK}/reject/${task.id}`, { comment: '数量不对' });
    expect((await transfer(doc.id)).status).toBe(50);
    expect(await instanceOf(doc.orderCode)).toMatchObject({ id: inst.id, status: 30 });
    const resubmitted = await t.json(wh, 'POST', `${TRANSFER}/resubmitTransfer/${doc.id}`);
    expect(resubmitted.body.data.status).toBe(10);
    const fresh = await instanceOf(doc.orderCode);
    expect(fresh.id).not.toBe(inst.id);
    expect(fresh.status).toBe(10);
    expect((await todo(hq, fresh.instanceCode)).total).toBe(1);
  });

  it('the submitter withdraws: the approval ends, its tasks close, the document is cancelled', async () => {
    const doc = await pendingTransfer();
    const inst = await instanceOf(doc.orderCode);
    const notMine = await t.json(hq, 'POST', `${INSTANCE}/withdraw/${inst.id}`);
    expect(notMine.status).toBe(401);
    const ok = await t.json(wh, 'POST', `${INSTANCE}/withdraw/${inst.id}`);
    expect(ok.body.data).toMatchObject({ status: 40 });
    expect((await transfer(doc.id)).status).toBe(0);
    expect((await todo(hq, inst.instanceCode)).total).toBe(0);
  });

  it('a task handed on belongs to its new approver; two approvers of one step at once: one decision counts', async () => {
    // A second headquarters reviewer, as an administrator would add one.
    const db = t.database.db;
    const hqUser = await db
      .selectFrom('appUser')
      .select(['id', 'orgId', 'passwordHash'])
      .where('account', '=', 'hq001')
      .executeTakeFirstOrThrow();
    const second = await db
      .insertInto('appUser')
      .values({
        account: 'hq900',
        passwordHash: hqUser.passwordHash,
        realName: '李审核',
        phone: '13800009900',
        orgId: hqUser.orgId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const roles = await db.selectFrom('userRole').select('roleId').where('userId', '=', hqUser.id).execute();
    await db
      .insertInto('userRole')
      .values(roles.map((r) => ({ userId: second.id, roleId: r.roleId })))
      .execute();
    await db.insertInto('userOrg').values({ userId: second.id, orgId: hqUser.orgId! }).execute();
    const li = await t.login('hq900');

    // Handed on: hq001's task goes to 李审核.
    const first = await pendingTransfer();
    const inst1 = await instanceOf(first.orderCode);
    const [task1] = (await todo(hq, inst1.instanceCode)).list;
    const handed = await t.json(hq, 'POST', `${TASK}/transfer/${task1.id}`, { transferTo: second.id });
    expect(handed.body.data).toMatchObject({ status: 3 });
    const [forLi] = (await todo(li, inst1.instanceCode)).list;
    expect(forLi).toMatchObject({ userName: '李审核', status: 0 });

    // A submission now opens a task for each reviewer; both approve at once.
    const doc = await pendingTransfer();
    const back = await t.json(wh, 'POST', `${TRANSFER}/cancelTransfer/${doc.id}`);
    expect(back.status).toBe(409); // withdrawing goes through the approval, not the button
    const inst = await instanceOf(doc.orderCode);
    await t.json(wh, 'POST', `${INSTANCE}/withdraw/${inst.id}`);
    await t.database.db.updateTable('transferApply').set({ status: 50 }).where('id', '=', doc.id).execute();
    await t.json(wh, 'POST', `${TRANSFER}/resubmitTransfer/${doc.id}`);
    const current = await instanceOf(doc.orderCode);
    const a = (await todo(hq, current.instanceCode)).list[0];
    const b = (await todo(li, current.instanceCode)).list[0];
    const answers = await Promise.all([
      t.json(hq, 'POST', `${TASK}/approve/${a.id}`),
      t.json(li, 'POST', `${TASK}/approve/${b.id}`),
    ]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((await transfer(doc.id)).status).toBe(20);
    const detail = (await t.json(wh, 'GET', `${INSTANCE}/detail/${current.id}`)).body.data;
    expect(detail.records.filter((r: { action: number }) => r.action === 2)).toHaveLength(1);
  });
});
