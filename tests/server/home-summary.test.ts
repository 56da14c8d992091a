import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfChinaDay } from '../../server/routes/home/summary';
import { forgetPermissions } from '../../server/services/session';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 4, home pages: what waits for the signed-in user, counted on the server per permission.
describe('GET /api/v1/home/summary', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const summary = async (token?: string) => {
    const res = await t.call({ method: 'GET', url: '/api/v1/home/summary', ...(token ? { token } : {}) });
    return res.json();
  };

  /** The same counts, straight from the tables. */
  const count = async (table: string, status: number) => {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where status = ${status}`.execute(t.database.db);
    return rows[0]!.n;
  };

  it('needs a session', async () => {
    expect((await summary()).result).toMatchObject({ success: false, code: 'W0005' });
  });

  it('hq001 (every permission) gets every count, equal to the tables', async () => {
    const body = await summary(await t.login('hq001'));
    expect(body.result.success).toBe(true);
    const todo = Object.fromEntries(
      body.data.todo.map((i: { key: string; count: number }) => [i.key, i.count]),
    );
    expect(todo).toEqual({
      pickOrderToAssign: await count('pick_order', 10),
      pickOrderToPick: await count('pick_order', 20),
      pickOrderPicking: await count('pick_order', 30),
      stockOutToShip: await count('stock_out_order', 10),
      transferToAudit: await count('transfer_apply', 10),
      transferToShip: await count('transfer_apply', 20),
      transferToReceive: await count('transfer_apply', 30),
    });
    expect(todo.pickOrderToAssign).toBeGreaterThan(0);
    const oldest = body.data.todo.find((i: { key: string }) => i.key === 'pickOrderToAssign').oldest;
    const { rows } = await sql<{
      t: Date;
    }>`select min(create_time) as t from pick_order where status = 10`.execute(t.database.db);
    expect(oldest).toBe(new Date(rows[0]!.t).toISOString());
    expect(body.data.today.map((i: { key: string }) => i.key)).toEqual([
      'pickOrderFinishedToday',
      'stockOutShippedToday',
    ]);
  });

  it('md001 (store manager, no warehouse buttons) gets no warehouse counts', async () => {
    const body = await summary(await t.login('md001'));
    expect(body.data).toMatchObject({ todo: [], today: [] });
  });

  it('a document finished now counts for today, and leaves the waiting count', async () => {
    const token = await t.login('wh001');
    const before = await summary(token);
    const waitingBefore = before.data.todo.find((i: { key: string }) => i.key === 'pickOrderPicking').count;
    const doneBefore = before.data.today.find(
      (i: { key: string }) => i.key === 'pickOrderFinishedToday',
    ).count;
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
    const after = await summary(token);
    expect(after.data.todo.find((i: { key: string }) => i.key === 'pickOrderPicking').count).toBe(
      waitingBefore - 1,
    );
    expect(after.data.today.find((i: { key: string }) => i.key === 'pickOrderFinishedToday').count).toBe(
      doneBefore + 1,
    );
  });

  it('a role losing a button loses its count', async () => {
    const token = await t.login('wh001');
    const perm = await t.database.db
      .selectFrom('permission')
      .select('id')
      .where('code', '=', 'transfer:audit')
      .executeTakeFirstOrThrow();
    await t.database.db.deleteFrom('rolePermission').where('permissionId', '=', perm.id).execute();
    // What an audited role edit does: the 5 s permission cache is dropped at once.
    forgetPermissions();
    const keys = (await summary(token)).data.todo.map((i: { key: string }) => i.key);
    expect(keys).not.toContain('transferToAudit');
    expect(keys).toContain('transferToShip');
  });

  it('today starts at midnight China time', () => {
    expect(startOfChinaDay(Date.parse('2026-03-01T23:30:00+08:00')).toISOString()).toBe(
      '2026-02-28T16:00:00.000Z',
    );
    expect(startOfChinaDay(Date.parse('2026-03-01T00:10:00+08:00')).toISOString()).toBe(
      '2026-02-28T16:00:00.000Z',
    );
    expect(startOfChinaDay(Date.parse('2026-03-01T16:00:00Z')).toISOString()).toBe(
      '2026-03-01T16:00:00.000Z',
    );
  });
});
