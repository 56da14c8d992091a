import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dynamic } from '../../server/resources/sql/db';
import { resolvePeople } from '../../server/services/messages/receivers';
import { resolveApprovers } from '../../server/workflows/approvers';
import { createTestApp, type TestApp } from '../fixtures/app';
import { chooseStore, get, post } from './auth-helpers';

interface Profile {
  orgId: number;
  permissions: { id: number; parentId: number | null; name: string; uri: string | null }[];
  powerControl: { code: string }[];
}

const topGroups = (p: Profile) => p.permissions.filter((e) => e.parentId === null).map((e) => e.name);
const pages = (p: Profile) => p.permissions.flatMap((e) => (e.uri ? [e.uri] : [])).sort();
const codes = (p: Profile) => p.powerControl.map((c) => c.code).sort();

// Issue 22.4, SPEC 2.11 / 6: permissions are fetched per organisation. hq001 is headquarters admin
// everywhere except 杭州西湖店 (12), where the demo gives him the store manager's role of his own.
describe('roles per organisation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('switching hq001 to 杭州西湖店 loads the store manager’s menu and buttons', async () => {
    const token = await t.login('hq001');
    const hq = (await chooseStore(t, token, 1)).body.data as Profile;
    const store = (await chooseStore(t, token, 12)).body.data as Profile;
    expect(store.orgId).toBe(12);
    // The guard's recovery reads the same profile for the session's organisation.
    expect((await post(t, '/api/v1/auth/userInfo', {}, token)).body.data).toEqual(store);
    const md = await t.login('md001');
    const manager = (await post(t, '/api/v1/auth/userInfo', {}, md)).body.data as Profile;
    expect(topGroups(store)).toEqual(topGroups(manager));
    expect(pages(store)).toEqual(pages(manager));
    expect(codes(store)).toEqual(codes(manager));
    expect(topGroups(store).length).toBeLessThan(topGroups(hq).length);
    expect(codes(hq)).toContain('platformMsg:saveRadioMessage');
    expect(codes(store)).not.toContain('platformMsg:saveRadioMessage');
    // Another store without roles of its own: the account's roles, the full menu.
    const other = (await chooseStore(t, token, 13)).body.data as Profile;
    expect(pages(other)).toEqual(pages(hq));
  });

  it('every permission check follows the chosen organisation', async () => {
    const token = await t.login('hq001');
    const users = () => get(t, '/api/manage/user/list?pageNo=1&pageSize=10', token);
    expect((await users()).status).toBe(200);
    await chooseStore(t, token, 12);
    expect((await users()).status).toBe(401);
    // What the store manager holds, he holds there.
    expect((await get(t, '/api/v1/home/summary', token)).body.result.success).toBe(true);
    const receivers = await get(t, '/api/v1/msg/im/message/receiverOrgTree?scope=radio', token);
    expect(receivers.status).toBe(200);
    await chooseStore(t, token, 1);
    expect((await users()).status).toBe(200);
  });

  it('holding a role for one organisation counts for messages to the role and for that store’s approvals', async () => {
    const db = t.database.db;
    const hq = await db
      .selectFrom('appUser')
      .select('id')
      .where('account', '=', 'hq001')
      .executeTakeFirstOrThrow();
    const role = await db
      .selectFrom('role')
      .select(['id', 'name'])
      .where('code', '=', 'STORE_MANAGER')
      .executeTakeFirstOrThrow();
    const people = await resolvePeople(
      db,
      { orgs: [], roles: [{ roleId: role.id, roleName: role.name }], users: [], summary: '' },
      null,
    );
    expect(people).toContain(hq.id);

    const managerOf = async (orgId: number) =>
      (
        await resolveApprovers(dynamic(db), [{ role: 'STORE_MANAGER', org: 'submitter' }], {
          userId: 0,
          orgId,
        })
      ).map((u) => u.id);
    expect(await managerOf(12)).toContain(hq.id);
    // In 文三路店 he holds it neither there nor through his account.
    expect(await managerOf(11)).not.toContain(hq.id);
    // Headquarters steps still find him through his account role.
    const admins = await resolveApprovers(dynamic(db), [{ role: 'HQ_ADMIN', org: 'headquarters' }], {
      userId: 0,
      orgId: 12,
    });
    expect(admins.map((u) => u.id)).toContain(hq.id);
  });
});
