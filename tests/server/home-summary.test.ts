import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaToday } from '../../src/schema/seed/generate';
import { forgetPermissions } from '../../server/services/session';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

interface Item {
  key: string;
  count: number;
  oldest: string | null;
  link: string;
  title: string;
}
interface Section {
  key: string;
  kind: string;
  items: Item[];
}

// Issue 16.8: the home pages' counters are declared in schemas/home and counted by the server per
// permission and within the caller's store / warehouse scope.
describe('GET /api/v1/home/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const summary = async (token: string | undefined, home = 'admin') => {
    const res = await t.call({
      method: 'GET',
      url: `/api/v1/home/summary?home=${home}`,
      ...(token ? { token } : {}),
    });
    return res.json();
  };
  const counts = (body: { data: { sections: Section[] } }, kind = 'todo') =>
    Object.fromEntries(
      body.data.sections.filter((s) => s.kind === kind).flatMap((s) => s.items.map((i) => [i.key, i.count])),
    );
  const item = (body: { data: { sections: Section[] } }, key: string) =>
    body.data.sections.flatMap((s) => s.items).find((i) => i.key === key);

  /** The same counts, straight from the tables. */
  const count = async (table: string, status: number) => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where status = ${status}`.execute(t.database.db);
    return rows[0]!.n;
  };

  it('needs a session; an unknown home is 404', async () => {
    expect((await summary(undefined)).result).toMatchObject({ success: false, code: 'W0005' });
    const token = await t.login('hq001');
    const res = await t.call({ method: 'GET', url: '/api/v1/home/summary?home=nothere', token });
    expect(res.statusCode).toBe(404);
  });

  it('hq001 (every permission, headquarters) gets every counter, equal to the tables', async () => {
    const body = await summary(await t.login('hq001'));
    expect(body.result.success).toBe(true);
    expect(body.data.sections.map((s: Section) => [s.key, s.kind])).toEqual([
      ['business', 'charts'],
      ['todo', 'todo'],
      ['channels', 'charts'],
      ['chain', 'charts'],
      ['warnings', 'warning'],
      ['today', 'today'],
    ]);
    const tasks = await sql<{ n: number }>`
      select count(*)::int as n from approval_task t join app_user u on u.id = t.user_id
      where u.account = 'hq001' and t.status = 0`.execute(t.database.db);
    const events = await sql<{ n: number }>`
      select count(*)::int as n from ai_event where status = 0`.execute(t.database.db);
    const delivering = await sql<{ n: number }>`
      select count(*)::int as n from delivery_order where status in (20, 30)`.execute(t.database.db);
    expect(counts(body)).toEqual({
      deliveryToDispatch: await count('delivery_order', 10),
      deliveryOnRoad: await count('delivery_order', 20),
      approvalToDecide: tasks.rows[0]!.n,
      aiEventToHandle: events.rows[0]!.n,
      deliveryToReceive: delivering.rows[0]!.n,
      pickOrderToAssign: await count('pick_order', 10),
      pickOrderToPick: await count('pick_order', 20),
      pickOrderPicking: await count('pick_order', 30),
      stockOutToShip: await count('stock_out_order', 10),
      transferToAudit: await count('transfer_apply', 10),
      transferToShip: await count('transfer_apply', 20),
      transferToReceive: await count('transfer_apply', 30),
      stocktakeCounting: (await count('stocktake', 1)) + (await count('stocktake', 10)),
      stocktakeToReview: await count('stocktake', 20),
      lossReportRejected: await count('loss_report', 30),
    });
    expect(counts(body).pickOrderToAssign).toBeGreaterThan(0);
    // Issue 20.5: the home file's English beside the Chinese (shown by the browser in English).
    expect(body.data.sections.find((s: Section) => s.key === 'todo')).toMatchObject({
      title: '待办事项',
      i18n: { 'en-US': { title: 'To do' } },
    });
    expect(item(body, 'approvalToDecide')).toMatchObject({
      title: '待我审批',
      group: '审批',
      unit: '项',
      i18n: { 'en-US': { title: 'Awaiting my approval', group: 'Approvals', unit: 'tasks' } },
    });
    const oldest = item(body, 'pickOrderToAssign')!.oldest;
    const { rows } = await sql<{
      t: Date;
    }>`select min(create_time) as t from pick_order where status = 10`.execute(t.database.db);
    expect(oldest).toBe(new Date(rows[0]!.t).toISOString());
    expect(item(body, 'pickOrderToAssign')).toMatchObject({
      title: '待分配拣货员',
      link: '/dacang/distribution/pickOrderList?status=10',
    });
    expect(Object.keys(counts(body, 'today'))).toEqual(['pickOrderFinishedToday', 'stockOutShippedToday']);
  });

  it('the dacang home holds its own sections; the admin home includes them', async () => {
    const token = await t.login('hq001');
    const dacang = await summary(token, 'dacang');
    const admin = await summary(token, 'admin');
    expect(dacang.data.name).toBe('dacang');
    expect(counts(admin)).toMatchObject(counts(dacang));
    expect(dacang.data.sections[0]).toMatchObject({ key: 'todo', grouped: true });
  });

  it('md001 (store manager, no warehouse buttons) gets no warehouse counters', async () => {
    const token = await t.login('md001');
    const warehouse = Object.keys(counts(await summary(token, 'dacang'), 'todo'));
    expect(warehouse).toEqual([]);
    const body = await summary(token);
    expect(Object.keys(counts(body))).toEqual(['approvalToDecide', 'aiEventToHandle', 'deliveryToReceive']);
    for (const kind of ['warning', 'today']) expect(counts(body, kind)).toEqual({});
  });

  it('a warehouse clerk counts the transfers of his warehouses only, as his list shows them', async () => {
    const token = await t.login('wh001');
    const body = await summary(token, 'dacang');
    for (const [key, status] of [
      ['transferToAudit', 10],
      ['transferToShip', 20],
      ['transferToReceive', 30],
    ] as const) {
      const list = await t.json(token, 'POST', '/gateApi/storageAdmin/transferApply/web/findByPage', {
        pageNo: 1,
        pageSize: 20,
        status: [status],
      });
      expect(item(body, key)?.count, key).toBe((list.body.data as { total: number }).total);
    }
    // A transfer between other warehouses leaves his count, not headquarters'.
    const hq = await summary(await t.login('hq001'), 'dacang');
    const { rows } = await sql<{ id: number }>`
      select id from transfer_apply where status = 10 and 21 in (warehouse_out_id, warehouse_in_id)
      order by id limit 1`.execute(t.database.db);
    await sql`update transfer_apply set warehouse_out_id = 22, warehouse_in_id = 22 where id = ${rows[0]!.id}`.execute(
      t.database.db,
    );
    const moved = await summary(await t.login('hq001'), 'dacang');
    expect(item(moved, 'transferToAudit')!.count).toBe(item(hq, 'transferToAudit')!.count);
    const mine = item(await summary(token, 'dacang'), 'transferToAudit')!.count;
    expect(mine).toBe(item(body, 'transferToAudit')!.count - 1);
    expect(mine).toBeLessThan(item(moved, 'transferToAudit')!.count);
  });

  it('a document finished now counts for today, and leaves the waiting count', async () => {
    const token = await t.login('wh001');
    const before = await summary(token, 'dacang');
    const row = await t.database.db
      .selectFrom('pickOrder')
      .select('id')
      .where('status', '=', 30)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('pickOrder')
      .set({ status: 40, finishTime: new Date() })
      .where('id', '=', row.id)
      .execute();
    const after = await summary(token, 'dacang');
    expect(item(after, 'pickOrderPicking')!.count).toBe(item(before, 'pickOrderPicking')!.count - 1);
    expect(item(after, 'pickOrderFinishedToday')!.count).toBe(
      item(before, 'pickOrderFinishedToday')!.count + 1,
    );
    // Yesterday's finish is not today's.
    await t.database.db
      .updateTable('pickOrder')
      .set({ finishTime: new Date(Date.now() - 86_400_000 * 2) })
      .where('id', '=', row.id)
      .execute();
    expect(item(await summary(token, 'dacang'), 'pickOrderFinishedToday')!.count).toBe(
      item(before, 'pickOrderFinishedToday')!.count,
    );
  });

  it('near-expiry and expired batches are warnings, counted by their dates', async () => {
    const token = await t.login('hq001');
    const today = chinaToday();
    const { rows } = await sql<{ near: number; expired: number }>`
      select count(*) filter (where expiry_date between ${today}::date and ${today}::date + 3)::int as near,
             count(*) filter (where expiry_date < ${today}::date)::int as expired
      from stock where quantity > 0`.execute(t.database.db);
    // Commodities below their safety minimum (stock on hand summed over the warehouse's batches).
    const { rows: below } = await sql<{ n: number }>`
      select count(*)::int as n from safety_stock s
      where (select coalesce(sum(quantity), 0) from stock k
             where k.warehouse_id = s.warehouse_id and k.commodity_code = s.commodity_code) < s.min_quantity`.execute(
      t.database.db,
    );
    expect(below[0]!.n).toBeGreaterThan(0);
    // Pick shelves below their replenishment minimum with no order open (issue 16.7's suggestions).
    const { rows: suggested } = await sql<{ n: number }>`
      select count(*)::int as n from replenishment_rule r
      where r.status = 1 and (select coalesce(sum(quantity), 0) from stock k
             where k.warehouse_id = r.warehouse_id and k.commodity_code = r.commodity_code
               and k.shelf_code = r.shelf_code) < r.min_quantity`.execute(t.database.db);
    expect(suggested[0]!.n).toBeGreaterThan(0);
    const body = await summary(token, 'dacang');
    expect(counts(body, 'warning')).toEqual({
      stockNearExpiry: rows[0]!.near,
      belowSafetyStock: below[0]!.n,
      replenishmentSuggested: suggested[0]!.n,
      stockExpired: rows[0]!.expired,
    });
    // A batch whose date moves into the window is counted at once.
    const { rows: later } = await sql<{ id: number }>`
      select id from stock where quantity > 0 and expiry_date > ${today}::date + 3 order by id limit 1`.execute(
      t.database.db,
    );
    const batch = later[0]!;
    await sql`update stock set expiry_date = ${today}::date + 1 where id = ${batch.id}`.execute(
      t.database.db,
    );
    expect(item(await summary(token, 'dacang'), 'stockNearExpiry')!.count).toBe(rows[0]!.near + 1);
  });

  it('a role losing a button loses its counter', async () => {
    const token = await userWith(t, 'wh001', [
      '/dacang/allocateTransfer/transferApplyList',
      'transfer:outbound',
      'transfer:audit',
    ]);
    forgetPermissions();
    let keys = counts(await summary(token, 'dacang'));
    expect(Object.keys(keys)).toEqual(['transferToAudit', 'transferToShip']);
    const perm = await t.database.db
      .selectFrom('permission')
      .select('id')
      .where('code', '=', 'transfer:audit')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('rolePermission').where('permissionId', '=', perm.id).execute();
    // What an audited role edit does: the 5 s permission cache is dropped at once.
    forgetPermissions();
    keys = counts(await summary(token, 'dacang'));
    expect(Object.keys(keys)).toEqual(['transferToShip']);
  });
});
