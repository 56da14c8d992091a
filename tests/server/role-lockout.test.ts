import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NOBODY_LEFT, MSG_SELF } from '../../server/resources/guards/role-management';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const STATUS = '/api/v1/smm/role/updateRoleStatus';
const PERMS = (id: number) => `/api/v1/smm/role/updateRolePermission/${id}`;
const USER_ROLES = (id: number) => `/api/manage/user/role/${id}`;

// Issue 13.6: nobody can lock role management away, neither from everyone nor from himself
// (server/resources/guards/role-management.ts). hq001's HQ_ADMIN is the only role that manages roles.
describe('role management cannot be locked away', () => {
  let t: TestApp;
  let hq: string;
  let hqId: number;
  let adminRole: number;
  // e00001 may change roles and users but cannot manage roles himself (no role list page).
  let helper: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    const db = t.database.db;
    hqId = (
      await db.selectFrom('appUser').select('id').where('account', '=', 'hq001').executeTakeFirstOrThrow()
    ).id;
    adminRole = (
      await db.selectFrom('role').select('id').where('code', '=', 'HQ_ADMIN').executeTakeFirstOrThrow()
    ).id;
    helper = await userWith(t, 'e00001', [
      'role:updateStatus',
      'role:edit',
      'user:assignRole',
      'user:status',
    ]);
  });
  afterAll(() => t.close());

  const refused = (res: { status: number; body: { result: unknown } }, msg: string) => {
    expect(res.status).toBe(409);
    expect(res.body.result).toEqual({ success: false, code: 'E0409', msg });
  };
  const adminStatus = async () =>
    (
      await t.database.db
        .selectFrom('role')
        .select('status')
        .where('id', '=', adminRole)
        .executeTakeFirstOrThrow()
    ).status;
  const heldBy = async (roleId: number) =>
    (await t.json(hq, 'GET', `/api/v1/smm/role/selectRolePermission/${roleId}`)).body.data.ids as number[];

  it('refuses an administrator disabling his own role, and changes nothing', async () => {
    refused(await t.json(hq, 'POST', STATUS, { id: adminRole, status: 0 }), MSG_SELF);
    expect(await adminStatus()).toBe(1);
  });

  it('refuses removing the role-management code from his own role', async () => {
    const before = await heldBy(adminRole);
    const edit = await t.database.db
      .selectFrom('permission')
      .select('id')
      .where('code', '=', 'role:edit')
      .executeTakeFirstOrThrow();
    const without = before.filter((id) => id !== edit.id);
    refused(await t.json(hq, 'POST', PERMS(adminRole), { ids: without }), MSG_SELF);
    expect(await heldBy(adminRole)).toEqual(before);
  });

  it('refuses removing the role from himself', async () => {
    refused(await t.json(hq, 'POST', USER_ROLES(hqId), { ids: [] }), MSG_SELF);
    const roles = await t.json(hq, 'GET', USER_ROLES(hqId));
    expect(roles.body.data.ids).toEqual([adminRole]);
  });

  it('refuses another user disabling the last role, or the last user, that can manage roles', async () => {
    refused(await t.json(helper, 'POST', STATUS, { id: adminRole, status: 0 }), MSG_NOBODY_LEFT);
    expect(await adminStatus()).toBe(1);
    refused(await t.json(helper, 'POST', USER_ROLES(hqId), { ids: [] }), MSG_NOBODY_LEFT);
    refused(await t.json(helper, 'POST', `/api/manage/user/${hqId}/disable`), MSG_NOBODY_LEFT);
    refused(await t.json(helper, 'POST', PERMS(adminRole), { ids: [] }), MSG_NOBODY_LEFT);
    expect((await heldBy(adminRole)).length).toBeGreaterThan(2);
  });

  it('allows the same changes while another enabled account can still manage roles', async () => {
    const clerk = await t.database.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'STORE_CLERK')
      .executeTakeFirstOrThrow();
    expect((await t.json(hq, 'POST', STATUS, { id: clerk.id, status: 0 })).status).toBe(200);
    expect((await t.json(hq, 'POST', STATUS, { id: clerk.id, status: 1 })).status).toBe(200);
    // e00002 becomes a second manager: now the helper may disable HQ_ADMIN, and enable it again.
    await userWith(t, 'e00002', ['/admin/system/roleList', 'role:edit']);
    const off = await t.json(helper, 'POST', STATUS, { id: adminRole, status: 0 });
    expect(off.body.data?.status).toBe(0);
    const on = await t.json(helper, 'POST', STATUS, { id: adminRole, status: 1 });
    expect(on.body.data?.status).toBe(1);
  });

  it('two concurrent disables of the last two managing roles: one passes, one is refused', async () => {
    const second = await t.database.db
      .selectFrom('role')
      .select('id')
      .where('code', '=', 'T_e00002')
      .executeTakeFirstOrThrow();
    const answers = await Promise.all([
      t.json(helper, 'POST', STATUS, { id: adminRole, status: 0 }),
      t.json(helper, 'POST', STATUS, { id: second.id, status: 0 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.result.msg).toBe(MSG_NOBODY_LEFT);
  });
});
