import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const LIST = '/api/v1/member/member/findByPage';
const DETAIL = '/api/v1/member/member/detail';
const UPDATE = '/api/v1/member/member/update';
const EXPORT = '/api/v1/export';
/** The seeded member of store 11 (schemas/seed/member.json). */
const PHONE = '13712345678';
const MASKED = '137****5678';

// Masked personal data (docs/schemas.md, "Masked personal data"; DOMAIN.md 2): a member's phone is
// masked in the list, the detail and the export unless the caller holds member:unmask, and each
// full read is logged in the operation log.
describe('masked personal data', () => {
  let t: TestApp;
  let hq: string;
  let clerk: string;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    // md001 (store 11) with the member page only: no member:unmask.
    clerk = await userWith(t, 'md001', ['/admin/member/memberList', 'member:edit']);
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const unmaskRows = (account: string) =>
    t.database.db
      .selectFrom('auditLog')
      .select(['entity', 'entityId', 'title', 'changes'])
      .where('action', '=', 'unmask')
      .where('account', '=', account)
      .execute();

  it('lists, details and searches masked without the permission, and logs nothing', async () => {
    const found = await t.json(clerk, 'POST', LIST, { phone: PHONE });
    expect(found.status).toBe(200);
    expect(found.body.data.total).toBe(1);
    const row = found.body.data.list[0];
    expect(row).toMatchObject({ name: '林晓', phone: MASKED, storeId: 11 });
    const page = await t.json(clerk, 'POST', LIST, { pageSize: 100 });
    expect(page.body.data.list.length).toBeGreaterThan(1);
    for (const m of page.body.data.list) expect(m.phone).toMatch(/^1\d{2}\*{4}\d{4}$/);
    // The store scope holds too: only store 11's members.
    expect(page.body.data.list.every((m: { storeId: number }) => m.storeId === 11)).toBe(true);
    const detail = await t.json(clerk, 'GET', `${DETAIL}/${row.id}`);
    expect(detail.body.data.phone).toBe(MASKED);
    // The phone is searched whole, never by a part (probing digit by digit would reveal it).
    expect((await t.json(clerk, 'POST', LIST, { keyword: '5678' })).body.data.list).toEqual([]);
    expect(await unmaskRows('md001')).toEqual([]);
  });

  it('answers the full value to holders of member:unmask and logs the read', async () => {
    const found = await t.json(hq, 'POST', LIST, { phone: PHONE });
    const row = found.body.data.list[0];
    expect(row.phone).toBe(PHONE);
    const detail = await t.json(hq, 'GET', `${DETAIL}/${row.id}`);
    expect(detail.body.data.phone).toBe(PHONE);
    const logged = await unmaskRows('hq001');
    expect(logged).toEqual([
      { entity: 'member', entityId: null, title: '查看完整个人信息：会员', changes: '手机号（1 条）' },
      {
        entity: 'member',
        entityId: String(row.id),
        title: '查看完整个人信息：会员',
        changes: '手机号（1 条）',
      },
    ]);
    // The operation log lists them.
    const ops = await t.json(hq, 'GET', '/api/v1/smm/operationLog/list?action=unmask&pageSize=50');
    expect(ops.body.data.total).toBeGreaterThanOrEqual(2);
  });

  it('an edit by a caller who reads the mask leaves the phone alone', async () => {
    const row = (await t.json(clerk, 'POST', LIST, { phone: PHONE })).body.data.list[0];
    const sentMask = await t.json(clerk, 'POST', UPDATE, { id: row.id, name: '林晓', phone: MASKED });
    expect(sentMask.status).toBe(400);
    const edited = await t.json(clerk, 'POST', UPDATE, { id: row.id, name: '林晓晓', remark: '老顾客' });
    expect(edited.status).toBe(200);
    const stored = await sql<{
      name: string;
      phone: string;
    }>`select name, phone from member where id = ${row.id}`.execute(t.database.db);
    expect(stored.rows).toEqual([{ name: '林晓晓', phone: PHONE }]);
  });

  async function exportPhones(token: string): Promise<string[]> {
    const created = await t.json(token, 'POST', `${EXPORT}/jobs`, {
      page: 'admin/memberList',
      filters: { phone: PHONE },
    });
    expect(created.status).toBe(200);
    const id = created.body.data.id as number;
    const until = Date.now() + 60_000;
    for (;;) {
      const jobs = (await t.json(token, 'GET', `${EXPORT}/jobs?pageSize=50`)).body.data.list;
      const job = jobs.find((j: { id: number }) => j.id === id);
      if (job?.status >= 2) break;
      if (Date.now() > until) throw new Error(`export ${id} unfinished`);
      await new Promise((r) => setTimeout(r, 300));
    }
    const link = (await t.json(token, 'POST', `${EXPORT}/jobs/${id}/link`)).body.data.url as string;
    const res = await t.app.inject({ method: 'GET', url: link });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as never);
    const sheet = wb.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).indexOf('手机号');
    expect(header).toBeGreaterThan(0);
    const out: string[] = [];
    for (let i = 2; i <= sheet.rowCount; i++) out.push(String(sheet.getRow(i).getCell(header).value));
    return out;
  }

  it('exports masked, or in full (logged) with the permission', { timeout: 90_000 }, async () => {
    expect(await exportPhones(clerk)).toEqual([MASKED]);
    const before = (await unmaskRows('hq001')).length;
    expect(await exportPhones(hq)).toEqual([PHONE]);
    expect((await unmaskRows('hq001')).length).toBe(before + 1);
  });
});
