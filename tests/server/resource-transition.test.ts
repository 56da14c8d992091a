import { forgetPermissions } from '../../server/services/session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { assignablePick, PICK_LIST, ROLE_LIST, STOCK_OUT_LIST, TRANSFER_LIST } from './resource-helpers';

const PICK = '/gateApi/storageAdmin/pickOrder';
const OUT = '/gateApi/storageAdmin/stockOutOrder';
const TRANSFER = '/gateApi/storageAdmin/transferApply/web';

// Document states (docs/decisions.md): allowed transitions move, others answer 409 E0409 in Chinese;
// each action needs its own permission code; batches are all or nothing; every move is audited.
describe('resource transitions', () => {
  let t: TestApp;
  let hq: string;
  let wh: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    wh = await t.login('wh001');
  });
  afterAll(() => t.close());

  const firstIn = async (url: string, status: number, n = 1) =>
    (
      await t.json(hq, 'POST', url, {
        status: [status],
        pageSize: n,
        sort: [{ field: 'id', order: 'ascend' }],
      })
    ).body.data.list as { id: number; status: number; pickOrderCode?: string; orderCode?: string }[];

  it('walks a pick order through assign → start → finish, stamping the finish time', async () => {
    // An order of the demo night: a picker is bound to its zone (the older seed's orders name no warehouse).
    const pick = await assignablePick(t);
    const order = { id: pick.id };
    const noPicker = await t.json(wh, 'POST', `${PICK}/assignPicker/${order.id}`, {});
    expect(noPicker.status).toBe(400);
    expect(noPicker.body.result.msg).toBe('请选择拣货员');
    const assigned = await t.json(wh, 'POST', `${PICK}/assignPicker/${order.id}`, {
      pickerId: pick.pickerId,
    });
    expect(assigned.body.data).toMatchObject({ status: 20, pickerName: pick.pickerName });
    const started = await t.json(wh, 'POST', `${PICK}/startPickOrder/${order.id}`);
    expect(started.body.data.status).toBe(30);
    const finished = await t.json(wh, 'POST', `${PICK}/finishPickOrder/${order.id}`, {});
    expect(finished.body.data.status).toBe(40);
    expect(Date.now() - Date.parse(finished.body.data.finishTime)).toBeLessThan(60_000);
    const audit = await t.database.db
      .selectFrom('auditLog')
      .select(['action', 'before', 'after'])
      .where('entity', '=', 'pickOrder')
      .where('entityId', '=', String(order.id))
      // The refused call without a picker is logged too, as a failure (issue 20.2).
      .where('result', '=', 1)
      // The order was made by a seeded store order's approval: its create is audited too.
      .where('action', 'like', 'transition:%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual([
      'transition:assignPicker',
      'transition:startPickOrder',
      'transition:finishPickOrder',
    ]);
    expect(
      audit.map((a) => [(a.before as { status: number }).status, (a.after as { status: number }).status]),
    ).toEqual([
      [10, 20],
      [20, 30],
      [30, 40],
    ]);
  });

  it('an illegal transition answers 409 E0409 with the reason in Chinese, and changes nothing', async () => {
    const [done] = await firstIn(PICK_LIST, 40);
    const res = await t.json(wh, 'POST', `${PICK}/cancelPickOrder/${done!.id}`);
    expect(res.status).toBe(409);
    expect(res.body.result).toEqual({
      success: false,
      code: 'E0409',
      msg: `拣货单【${done!.pickOrderCode}】当前状态为“已完成”，不能执行“取消”操作`,
    });
    const again = await t.json(hq, 'GET', `${PICK}/findPickOrderAndItemsByCode/${done!.pickOrderCode}`);
    expect(again.body.data.status).toBe(40);
  });

  it('an unknown action is a 400, a missing row a 404', async () => {
    const unknown = await t.json(wh, 'POST', `${PICK}/explode/1`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.result.msg).toBe('不支持的操作');
    const missing = await t.json(wh, 'POST', `${PICK}/startPickOrder/999999`);
    expect(missing.status).toBe(404);
  });

  it('needs the code of the very action: md001 has none of them, a role without pickOrder:cancel cannot cancel', async () => {
    const [order] = await firstIn(PICK_LIST, 10);
    const md = await t.login('md001');
    expect((await t.json(md, 'POST', `${PICK}/cancelPickOrder/${order!.id}`)).status).toBe(401);
    // Take pickOrder:cancel away from the warehouse role: the route still admits wh001 (other codes), the action does not.
    const cancel = await t.database.db
      .selectFrom('permission')
      .select('id')
      .where('code', '=', 'pickOrder:cancel')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('rolePermission').where('permissionId', '=', cancel.id).execute();
    // A grant changed behind the API's back: drop the short-lived permission cache as the API would.
    forgetPermissions();
    const refused = await t.json(wh, 'POST', `${PICK}/cancelPickOrder/${order!.id}`);
    expect(refused.status).toBe(401);
    expect(refused.body.result.msg).toBe('您未开通权限，请联系管理人员');
    expect((await t.json(wh, 'POST', `${PICK}/startPickOrder/${order!.id}`)).status).toBe(409);
  });

  it('confirms a stock-out order and stamps who and when; a cancelled one cannot ship', async () => {
    const [order] = await firstIn(STOCK_OUT_LIST, 10);
    const res = await t.json(wh, 'POST', `${OUT}/confirmStockOut/${order!.id}`);
    expect(res.body.data).toMatchObject({ status: 20, employeeName: '王仓管' });
    const [cancelled] = await firstIn(STOCK_OUT_LIST, 0);
    const refused = await t.json(wh, 'POST', `${OUT}/confirmStockOut/${cancelled!.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('当前状态为“已取消”，不能执行“确认出库”操作');
  });

  it('batch transitions are all or nothing', async () => {
    const pending = await firstIn(STOCK_OUT_LIST, 10, 3);
    const [shipped] = await firstIn(STOCK_OUT_LIST, 20);
    const ids = [...pending.map((r) => r.id), shipped!.id];
    const refused = await t.json(wh, 'POST', `${OUT}/batch/cancelStockOut`, { ids });
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain(shipped!.orderCode!);
    const still = await t.json(hq, 'GET', `${OUT}/findStockOutOrderAndItemById/${pending[0]!.id}`);
    expect(still.body.data.status).toBe(10);
    const ok = await t.json(wh, 'POST', `${OUT}/batch/cancelStockOut`, {
      ids: pending.map((r) => r.id),
    });
    expect(ok.body.data).toEqual({ count: 3 });
    const empty = await t.json(wh, 'POST', `${OUT}/batch/cancelStockOut`, { ids: [] });
    expect(empty.body.result.msg).toBe('请选择要操作的记录');
  });

  // Review is an approval (schemas/workflows/transferApplyReview.json, tests/server/approval.test.ts):
  // its final decision runs approveTransfer; the warehouse steps after it are plain transitions.
  it('transfer application: approved through its approval task, then outbound → inbound; no cancel at the end', async () => {
    const [b] = await firstIn(TRANSFER_LIST, 10, 1);
    const task = (await t.json(hq, 'POST', '/api/v1/approval/task/findTodoByPage', { keyword: b!.orderCode }))
      .body.data.list[0];
    const decided = await t.json(hq, 'POST', `/api/v1/approval/task/approve/${task.id}`);
    expect(decided.body.data.status).toBe(1);
    const approved = await t.json(hq, 'GET', `${TRANSFER}/findDetailById/${b!.id}`);
    expect(approved.body.data).toMatchObject({ status: 20, auditorName: '张总部' });
    const steps: [string, number][] = [
      ['confirmOutbound', 30],
      ['confirmInbound', 40],
    ];
    for (const [action, status] of steps) {
      const res = await t.json(wh, 'POST', `${TRANSFER}/${action}/${b!.id}`);
      expect({ action, status: res.body.data?.status }).toEqual({ action, status });
    }
    const late = await t.json(wh, 'POST', `${TRANSFER}/cancelTransfer/${b!.id}`);
    expect(late.status).toBe(409);
  });

  it('role status by target value (updateRoleStatus {id, status})', async () => {
    const { body } = await t.json(hq, 'POST', ROLE_LIST, { keyword: 'FINANCE' });
    const role = body.data.list[0];
    const off = await t.json(hq, 'POST', '/api/v1/smm/role/updateRoleStatus', {
      id: role.id,
      status: 0,
    });
    expect(off.body.data.status).toBe(0);
    const offAgain = await t.json(hq, 'POST', '/api/v1/smm/role/updateRoleStatus', {
      id: role.id,
      status: 0,
    });
    expect(offAgain.status).toBe(409);
    expect(offAgain.body.result.msg).toBe('角色【财务专员】当前状态为“停用”，不能执行“停用”操作');
    const bad = await t.json(hq, 'POST', '/api/v1/smm/role/updateRoleStatus', {
      id: role.id,
      status: 7,
    });
    expect(bad.status).toBe(400);
    const on = await t.json(hq, 'POST', '/api/v1/smm/role/updateRoleStatus', { id: role.id, status: 1 });
    expect(on.body.data.status).toBe(1);
  });

  it('disabling a user ends their session at once; nobody disables themself', async () => {
    const tip = await t.login('tip001');
    const user = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'tip001')
      .executeTakeFirstOrThrow();
    const res = await t.json(hq, 'POST', `/api/manage/user/${user.id}/disable`);
    expect(res.body.data.status).toBe(0);
    const after = await t.call({ method: 'POST', url: '/api/v1/user03/logout', token: tip });
    expect(after.json().result.code).toBe('W0005');
    // Issue 13.5: enabling the account again does not bring the old session back; a new login works.
    const on = await t.json(hq, 'POST', `/api/manage/user/${user.id}/enable`);
    expect(on.body.data.status).toBe(1);
    const stale = await t.call({ method: 'POST', url: '/api/v1/auth/userInfo', token: tip, payload: {} });
    expect(stale.json().result.code).toBe('W0005');
    const fresh = await t.login('tip001');
    const info = await t.call({ method: 'POST', url: '/api/v1/auth/userInfo', token: fresh, payload: {} });
    expect(info.json().result.success).toBe(true);
    const me = await t.database.db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'hq001')
      .executeTakeFirstOrThrow();
    const self = await t.json(hq, 'POST', `/api/manage/user/${me.id}/disable`);
    expect(self.status).toBe(409);
    expect(self.body.result.msg).toBe('不能对当前登录的账号执行该操作');
  });
});
