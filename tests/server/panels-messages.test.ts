import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';

// Issue 6: the platform message centre (SPEC 2.12, 5 'Send notice', 6, 7.7) on the real server.
const BASE = '/api/v1/msg/im/message';

describe('platform messages', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let ids: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
    const users = await t.database.db.selectFrom('appUser').select(['id', 'account']).execute();
    ids = Object.fromEntries(users.map((u) => [u.account, u.id]));
  });
  afterAll(() => t.close());

  const radio = (body: Record<string, unknown>, token = hq) =>
    t.json(token, 'POST', `${BASE}/saveRadioMessage`, body);
  const dept = (body: Record<string, unknown>, token = hq) =>
    t.json(token, 'POST', `${BASE}/saveDeptMessage`, body);
  const unread = async (token: string) =>
    (await t.json(token, 'GET', `${BASE}/getNotReadMessageCount`)).body.data;
  const received = async (token: string, type?: number) =>
    (
      await t.json(
        token,
        'GET',
        `${BASE}/getMessageListForFrontend?fromToType=1&pageSize=100${type ? `&type=${type}` : ''}`,
      )
    ).body.data;
  const ok = { title: '通知', content: '<p>内容</p>' };
  const store = { orgList: [{ orgId: 12, orgName: '杭州西湖店' }] };

  describe('SPEC 5 limits, each with its message, on the server', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['title missing', { content: '<p>x</p>', ...store }, '请输入标题'],
      ['title empty', { title: '', content: '<p>x</p>', ...store }, '请输入标题'],
      ['title blank', { title: '   ', content: '<p>x</p>', ...store }, '请输入标题'],
      ['title over 50', { title: '标'.repeat(51), content: '<p>x</p>', ...store }, '标题不能超过50个字'],
      ['content missing', { title: 't', ...store }, '请输入内容不超过2000字'],
      [
        'content of tags only',
        { title: 't', content: '<p> </p><script>x</script>', ...store },
        '请输入内容不超过2000字',
      ],
      [
        'content over 2000 characters of text',
        { title: 't', content: `<p>${'字'.repeat(2001)}</p>`, ...store },
        '请输入内容不超过2000字',
      ],
      ['no receiver range', { ...ok }, '请至少选择1个接收者范围'],
      ['empty receiver lists', { ...ok, orgList: [], roleList: [], userList: [] }, '请至少选择1个接收者范围'],
      [
        '51 organisations',
        { ...ok, orgList: Array.from({ length: 51 }, () => ({ orgId: 12 })) },
        '最多选择50个组织机构',
      ],
      [
        '11 roles',
        { ...ok, roleList: Array.from({ length: 11 }, () => ({ roleId: 1 })) },
        '最多选择10个角色',
      ],
      [
        '21 users',
        { ...ok, userList: Array.from({ length: 21 }, () => ({ userId: 1 })) },
        '最多选择20个用户',
      ],
      ["'All' (orgId 0)", { ...ok, orgList: [{ orgId: 0, orgName: '全部' }] }, '组织机构不能选全部'],
      ['the root organisation', { ...ok, orgList: [{ orgId: 1 }] }, '组织机构不能选全部'],
      ['an inactive role', { ...ok, roleList: [{ roleId: 9999 }] }, '角色不存在或已停用'],
    ];
    it.each(cases)('%s', async (_, body, msg) => {
      const res = await radio(body);
      expect(res.status).toBe(400);
      expect(res.body.result).toMatchObject({ success: false, code: 'E0400', msg });
    });

    it('2000 characters of text pass, however much markup carries them', async () => {
      const content = `<p><strong>${'字'.repeat(1000)}</strong></p><p><em>${'a'.repeat(1000)}</em></p>`;
      expect((await radio({ title: '标'.repeat(50), content, ...store })).body.result.success).toBe(true);
    });

    it('exactly 50 organisations, 10 roles and 20 users pass', async () => {
      const users = await t.database.db
        .selectFrom('appUser')
        .select('id')
        .where('status', '=', 1)
        .limit(20)
        .execute();
      const roles = await t.database.db.selectFrom('role').select('id').where('status', '=', 1).execute();
      const tenRoles = Array.from({ length: 10 }, (_, i) => ({ roleId: roles[i % roles.length]!.id }));
      const res = await radio({
        ...ok,
        orgList: Array.from({ length: 50 }, (_, i) => ({ orgId: [11, 12, 13, 15, 16][i % 5] })),
        roleList: tenRoles,
        userList: users.map((u) => ({ userId: u.id })),
      });
      expect(res.body.result.success).toBe(true);
    });
  });

  describe('permissions (SPEC 6)', () => {
    it('md001 lacks platformMsg:saveRadioMessage: the server refuses his broadcast', async () => {
      const res = await radio({ ...ok, orgList: [{ orgId: 11 }] }, md);
      expect(res.status).toBe(401);
      expect(res.body.result).toMatchObject({ code: 'E0401', msg: '您未开通权限，请联系管理人员' });
    });

    it('wh001 holds neither send permission', async () => {
      const wh = await t.login('wh001');
      expect((await dept({ ...ok, orgList: [{ orgId: 21 }] }, wh)).status).toBe(401);
      expect((await t.json(wh, 'GET', `${BASE}/receiverOrgTree`)).status).toBe(401);
    });

    it('a department notice carries no roles', async () => {
      const res = await dept({ ...ok, ...store, roleList: [{ roleId: 1 }] });
      expect(res.body.result.msg).toBe('部门通知只能选择组织机构和用户');
    });

    it("md001's department notice reaches only his own organisation", async () => {
      const res = await dept({ ...ok, orgList: [{ orgId: 12 }] }, md);
      expect(res.body.result.msg).toBe('只能选择本部门及下级组织机构');
      const outsider = await t.database.db
        .selectFrom('appUser')
        .select('id')
        .where('orgId', '=', 15)
        .executeTakeFirstOrThrow();
      const res2 = await dept({ ...ok, userList: [{ userId: outsider.id }] }, md);
      expect(res2.body.result.msg).toBe('只能选择本部门及下级组织机构的用户');
      expect((await dept({ ...ok, orgList: [{ orgId: 11 }] }, md)).body.result.success).toBe(true);
    });
  });

  describe('receivers resolve to people', () => {
    it('a store employee receives a notice sent to his store and not one sent to another store', async () => {
      const clerk = await t.database.db
        .selectFrom('appUser')
        .select('account')
        .where('orgId', '=', 12)
        .where('account', 'like', 'e%')
        .executeTakeFirstOrThrow();
      const token = await t.login(clerk.account);
      const before = await unread(token);
      await radio({ title: '西湖店通知', content: '<p>给西湖店</p>', orgList: [{ orgId: 12 }] });
      await radio({ title: '天河店通知', content: '<p>给天河店</p>', orgList: [{ orgId: 15 }] });
      expect(await unread(token)).toBe(before + 1);
      const titles = (await received(token)).list.map((m: { title: string }) => m.title);
      expect(titles).toContain('西湖店通知');
      expect(titles).not.toContain('天河店通知');
    });

    it('a region reaches the stores below it; a role reaches its holders; a user himself', async () => {
      const res = await radio({ title: '华南区通知', content: '<p>x</p>', orgList: [{ orgId: 3 }] });
      const people = await t.database.db
        .selectFrom('imMessageReceiver')
        .innerJoin('appUser', 'appUser.id', 'imMessageReceiver.userId')
        .select('appUser.orgId')
        .where('messageId', '=', res.body.data.id)
        .execute();
      expect(people.length).toBeGreaterThan(0);
      // 华南区 holds the stores 15–17 and the warehouse 广州中心大仓 (22, its demo pickers jh006–jh008).
      expect(new Set(people.map((p) => p.orgId))).toEqual(new Set([15, 16, 17, 22]));

      const byRole = await radio({
        title: '店长通知',
        content: '<p>x</p>',
        roleList: [{ roleId: await roleId('STORE_MANAGER') }],
      });
      const holders = await t.database.db
        .selectFrom('userRole')
        .innerJoin('role', 'role.id', 'userRole.roleId')
        .select('userRole.userId')
        .where('role.code', '=', 'STORE_MANAGER')
        .execute();
      expect(byRole.body.data.receiverCount).toBe(holders.length);

      const one = await radio({ title: '单人通知', content: '<p>x</p>', userList: [{ userId: ids.md001 }] });
      expect(one.body.data.receiverCount).toBe(1);
    });

    it('the sender is not among the receivers', async () => {
      const res = await radio({
        title: '自己',
        content: '<p>x</p>',
        userList: [{ userId: ids.hq001 }, { userId: ids.md001 }],
      });
      expect(res.body.data.receiverCount).toBe(1);
    });
  });

  const roleId = async (code: string) =>
    (await t.database.db.selectFrom('role').select('id').where('code', '=', code).executeTakeFirstOrThrow())
      .id;

  describe('reading', () => {
    it('opening a received message marks it read and lowers the unread count; titles and summaries follow', async () => {
      const sent = await radio({
        title: '请阅读此消息',
        content: '<p>正文</p>',
        userList: [{ userId: ids.md001 }],
      });
      const id = sent.body.data.id;
      const before = await unread(md);
      const titles = (await t.json(md, 'GET', `${BASE}/getImMessageTitleList`)).body.data;
      expect(titles[0]).toMatchObject({ id, title: '请阅读此消息' });
      const summary = (await t.json(md, 'GET', `${BASE}/getMessageTypeList`)).body.data;
      expect(summary.map((s: { type: number }) => s.type)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(summary[1]).toMatchObject({ typeName: '广播消息', lastTitle: '请阅读此消息' });
      expect(summary[1].notReadCount).toBeGreaterThan(0);

      const detail = await t.json(md, 'GET', `${BASE}/getImMessageById?msgId=${id}&msgModel=1`);
      expect(detail.body.data).toMatchObject({
        id,
        title: '请阅读此消息',
        content: '<p>正文</p>',
        isRead: true,
        createName: '张总部',
      });
      expect(await unread(md)).toBe(before - 1);
      const item = (await received(md, 2)).list.find((m: { id: number }) => m.id === id);
      expect(item.isRead).toBe(true);
    });

    it('a message is seen only by its receivers and its sender', async () => {
      const sent = await radio({ title: '私信', content: '<p>x</p>', userList: [{ userId: ids.md001 }] });
      const wh = await t.login('wh001');
      const res = await t.json(wh, 'GET', `${BASE}/getImMessageById?msgId=${sent.body.data.id}&msgModel=1`);
      expect(res.status).toBe(404);
      const asSender = await t.json(
        hq,
        'GET',
        `${BASE}/getImMessageById?msgId=${sent.body.data.id}&msgModel=2`,
      );
      expect(asSender.body.data).toMatchObject({
        receiveRange: '用户：李店长',
        userList: [{ userId: ids.md001, userName: '李店长' }],
      });
      const mine = (await t.json(hq, 'GET', `${BASE}/getMessageListForFrontend?fromToType=2&type=2`)).body
        .data;
      expect(mine.list[0]).toMatchObject({ title: '私信', fromToType: 2, receiverCount: 1 });
    });

    it('updateImMessageIsRead marks a whole type read', async () => {
      await radio({ title: 'a', content: '<p>x</p>', userList: [{ userId: ids.md001 }] });
      const res = await t.json(md, 'PUT', `${BASE}/updateImMessageIsRead?msgType=2`);
      expect(res.body.data.count).toBeGreaterThan(0);
      const summary = (await t.json(md, 'GET', `${BASE}/getMessageTypeList`)).body.data;
      expect(summary[1].notReadCount).toBe(0);
    });
  });

  describe('rich text is sanitised when stored', () => {
    it('scripts, event handlers and javascript: links are stripped', async () => {
      const content =
        '<p onclick="alert(1)">安全<script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">链接</a><img src="https://img.example/a.png"><img src="/uploads/xs/NOTICE/202611/a.png"></p>';
      const res = await radio({ title: '脚本', content, userList: [{ userId: ids.md001 }] });
      const row = await t.database.db
        .selectFrom('imMessage')
        .select('content')
        .where('id', '=', res.body.data.id)
        .executeTakeFirstOrThrow();
      expect(row.content).not.toMatch(/script|onerror|onclick|javascript:/i);
      expect(row.content).toContain('安全');
      // Only images uploaded to this server stay (issue 13.7: no tracking pixels from elsewhere).
      expect(row.content).not.toContain('img.example');
      expect(row.content).toContain('<img src="/uploads/xs/NOTICE/202611/a.png">');
    });
  });

  describe('pickers', () => {
    it('the organisation tree has 全部 (0) on top for a broadcast, the own subtree for a department notice', async () => {
      const all = (await t.json(hq, 'GET', `${BASE}/receiverOrgTree?scope=radio`)).body.data;
      expect(all[0]).toMatchObject({ orgId: 0, orgName: '全部' });
      const mine = (await t.json(md, 'GET', `${BASE}/receiverOrgTree?scope=dept`)).body.data;
      expect(mine).toEqual([{ orgId: 11, orgName: '杭州文三路店', orgCode: 'S1001', refObjType: 2 }]);
    });

    it('roles: active only, by name or code, organisation attribute and function permission', async () => {
      const all = (await t.json(hq, 'POST', `${BASE}/selectRoleList`, { pageSize: 100 })).body.data;
      expect(all.list.map((r: { code: string }) => r.code)).not.toContain('RETIRED_ROLE');
      const byName = (await t.json(hq, 'POST', `${BASE}/selectRoleList`, { keyword: '店长' })).body.data;
      expect(byName.list.map((r: { code: string }) => r.code)).toEqual(['STORE_MANAGER']);
      const byAttr = (await t.json(hq, 'POST', `${BASE}/selectRoleList`, { orgAttributeName: '门店' })).body
        .data;
      expect(byAttr.list.map((r: { code: string }) => r.code).sort()).toEqual([
        'STORE_CLERK',
        'STORE_MANAGER',
      ]);
      const perms = (
        await t.json(
          hq,
          'GET',
          `${BASE}/selectFunctionPermissionList?str=${encodeURIComponent('发送部门通知')}`,
        )
      ).body.data;
      const byPerm = (await t.json(hq, 'POST', `${BASE}/selectRoleList`, { permissionId: perms[0].id })).body
        .data;
      expect(byPerm.list.map((r: { code: string }) => r.code).sort()).toEqual(['HQ_ADMIN', 'STORE_MANAGER']);
      expect((await t.json(md, 'POST', `${BASE}/selectRoleList`, {})).status).toBe(401);
    });

    it('users: opened accounts only', async () => {
      await t.database.db.updateTable('appUser').set({ status: 0 }).where('account', '=', 'e00002').execute();
      const res = (await t.json(hq, 'POST', `${BASE}/selectUserList`, { keyword: 'e0000', pageSize: 100 }))
        .body.data;
      const codes = res.list.map((u: { employeeCode: string }) => u.employeeCode);
      expect(codes).toContain('e00001');
      expect(codes).not.toContain('e00002');
      expect(res.list[0]).toHaveProperty('departmentCode');
      const closed = await radio({ ...ok, userList: [{ userId: ids.e00002 }] });
      expect(closed.body.result.msg).toBe('用户不存在或未开通账号');
    });
  });

  describe('system notices (admin)', () => {
    it('add reaches everyone, edit and status changes are logged; withdrawn notices are hidden', async () => {
      const add = await t.json(hq, 'POST', `${BASE}/addSystemNotice`, {
        title: '系统升级',
        content: '<p>今晚升级<script>x</script></p>',
      });
      const id = add.body.data.id;
      expect((await received(md, 1)).list.map((m: { id: number }) => m.id)).toContain(id);
      await t.json(hq, 'PUT', `${BASE}/updateSystemNotice`, {
        id,
        title: '系统升级（改期）',
        content: '<p>明晚升级</p>',
      });
      const withdraw = await t.json(hq, 'PUT', `${BASE}/updateStatus`, { id, status: 0 });
      expect(withdraw.body.result.success).toBe(true);
      expect((await t.json(hq, 'PUT', `${BASE}/updateStatus`, { id, status: 0 })).status).toBe(409);
      expect((await received(md, 1)).list.map((m: { id: number }) => m.id)).not.toContain(id);
      expect((await t.json(md, 'GET', `${BASE}/getImMessageById?msgId=${id}&msgModel=1`)).status).toBe(404);

      const backend = (
        await t.json(hq, 'GET', `${BASE}/getMessageListForBackend?title=${encodeURIComponent('改期')}`)
      ).body.data;
      expect(backend.list[0]).toMatchObject({ id, title: '系统升级（改期）', status: 0 });

      const log = (await t.json(hq, 'GET', `/api/v1/msg/im/message/getSystemNoticeLogList?messageId=${id}`))
        .body.data;
      expect(log.list.map((l: { action: number }) => l.action)).toEqual([4, 2, 1]);
      expect(log.list[2].content).toBe('<p>今晚升级</p>');
      const one = (
        await t.json(hq, 'GET', `/api/v1/msg/im/message/getSystemNoticeLogDetail?id=${log.list[0].id}`)
      ).body.data;
      expect(one).toMatchObject({ messageId: id, operatorName: '张总部', status: 0 });
    });

    it('md001 may not add notices or read the log', async () => {
      expect((await t.json(md, 'POST', `${BASE}/addSystemNotice`, ok)).status).toBe(401);
      expect((await t.json(md, 'GET', `${BASE}/getSystemNoticeLogList`)).status).toBe(401);
    });
  });
});
