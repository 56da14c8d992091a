import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReminderPass } from '../../server/services/reminders';
import { startReminderWorker } from '../../server/services/reminders-worker';
import { defaultSchemasDir } from '../../src/schema/node/files';
import { loadCatalog } from '../../src/schema/node/load';
import { chinaToday, seedDay } from '../../src/schema/seed/generate';
import type { Catalog } from '../../src/schema/types';
import { createTestApp, type TestApp } from '../fixtures/app';
import { TEST_SEED_ANCHOR } from '../fixtures/seed-anchor';
import { userWith } from './resource-helpers';

const MSG = '/api/v1/msg/im/message';
const SUPPLIER = '/api/v1/product/supplier';

interface SeedQualification {
  qualificationType: number;
  certificateNo: string;
  expiryDate: { $day: string };
}
interface SeedSupplier {
  name: string;
  status: number;
  qualificationList: SeedQualification[];
}

/** The seeded suppliers' qualifications with their expiry as a day, from the seed file itself. */
const seeded = (
  JSON.parse(fs.readFileSync(path.resolve('schemas/seed/supplier.json'), 'utf8')) as { rows: SeedSupplier[] }
).rows.flatMap((s) =>
  s.qualificationList.map((q) => ({
    supplier: s.name,
    enabled: s.status === 1,
    certificateNo: q.certificateNo,
    expiry: seedDay(q.expiryDate.$day, TEST_SEED_ANCHOR),
  })),
);
const inDays = (n: number) => seedDay(`+${n}d`, TEST_SEED_ANCHOR);
/** Supplier reminders of a pass (the same pass also reminds contracts and near-expiry stock). */
const suppliersSent = (r: { sentBy: Record<string, number> }) =>
  r.sentBy['supplier.qualificationExpiry'] ?? 0;

/** The seeded contracts in force ending within 30 days: reminded in the same pass (contract.json). */
const contractsDue = (
  JSON.parse(fs.readFileSync(path.resolve('schemas/seed/contract.json'), 'utf8')) as {
    rows: { status: number; endDate: { $day: string } }[];
  }
).rows.filter((c) => {
  const end = seedDay(c.endDate.$day, TEST_SEED_ANCHOR);
  return c.status === 20 && end >= TEST_SEED_ANCHOR && end <= inDays(30);
}).length;

// Issue 15.5: reminders declared in a resource's JSON (supplier.json: qualification files expiring
// within 30 days) become message-centre messages of type 5 到期提醒, once per row and date, for the users
// holding the permission at headquarters.
describe('reminders', () => {
  let t: TestApp;
  let catalog: Catalog;
  let hq: string;
  let hqId: number;

  const reminderMessages = async (userId: number) =>
    t.database.db
      .selectFrom('imMessageReceiver as r')
      .innerJoin('imMessage as m', 'm.id', 'r.messageId')
      .select(['m.id', 'm.title', 'm.content', 'm.createName'])
      .where('r.userId', '=', userId)
      .where('m.msgType', '=', 5)
      .where('m.title', '=', '供应商资质即将到期')
      .orderBy('m.id')
      .execute();
  const userId = async (account: string) =>
    (
      await t.database.db
        .selectFrom('appUser')
        .select('id')
        .where('account', '=', account)
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    catalog = loadCatalog(defaultSchemasDir());
    hq = await t.login('hq001');
    hqId = await userId('hq001');
  });
  afterAll(() => t.close());

  it('the test server runs no pass of its own (its data is seeded around a pinned day)', async () => {
    expect(t.app.config.reminders).toBe(false);
    expect(await reminderMessages(hqId)).toEqual([]);
  });

  it('reminds the qualifications of enabled suppliers expiring within 30 days, once each', async () => {
    const due = seeded.filter((q) => q.enabled && q.expiry >= TEST_SEED_ANCHOR && q.expiry <= inDays(30));
    expect(due.length).toBeGreaterThanOrEqual(5);
    const { sentBy } = await runReminderPass(t.database.db, catalog, { today: TEST_SEED_ANCHOR });
    expect(sentBy['supplier.qualificationExpiry']).toBe(due.length);
    expect(sentBy['contract.contractExpiry'] ?? 0).toBe(contractsDue);
    const messages = await reminderMessages(hqId);
    expect(messages).toHaveLength(due.length);
    for (const q of due) {
      const m = messages.find((x) => x.content.includes(q.certificateNo));
      expect(m, q.certificateNo).toBeDefined();
      expect(m!.title).toBe('供应商资质即将到期');
      expect(m!.createName).toBe('系统提醒');
      expect(m!.content).toContain(q.supplier);
      expect(m!.content).toContain(`将于${q.expiry}到期`);
      expect(m!.content).toContain('href="/admin/product/supplierList"');
    }
    // The enum shows its label; the days left count from the pass's day.
    const zhoushan = messages.find((x) => x.content.includes('舟山海鲜冷链物流有限公司'))!;
    expect(zhoushan.content).toContain('的食品经营许可证（证书编号');
    expect(zhoushan.content).toContain('还剩0天');
  });

  it('does not remind a date 31 or 60 days away, already past, or of a disabled supplier', async () => {
    const texts = (await reminderMessages(hqId)).map((m) => m.content).join('\n');
    const notYet = seeded.filter(
      (q) => q.expiry === inDays(31) || q.expiry === inDays(60) || q.expiry < TEST_SEED_ANCHOR,
    );
    const disabled = seeded.filter(
      (q) => !q.enabled && q.expiry >= TEST_SEED_ANCHOR && q.expiry <= inDays(30),
    );
    expect(notYet.map((q) => q.expiry)).toEqual(expect.arrayContaining([inDays(31), inDays(60)]));
    expect(disabled.length).toBeGreaterThan(0);
    for (const q of [...notYet, ...disabled]) expect(texts, q.certificateNo).not.toContain(q.certificateNo);
  });

  it('a second pass, or two at once, sends nothing again; the next day only what came into the window', async () => {
    const before = (await reminderMessages(hqId)).length;
    const runs = await Promise.all([
      runReminderPass(t.database.db, catalog, { today: TEST_SEED_ANCHOR }),
      runReminderPass(t.database.db, catalog, { today: TEST_SEED_ANCHOR }),
    ]);
    expect(runs.map((r) => r.sent)).toEqual([0, 0]);
    // The next day: only the qualification 31 days away has come into the window.
    const entering = seeded.filter((q) => q.enabled && q.expiry === inDays(31));
    expect(entering).toHaveLength(1);
    expect(suppliersSent(await runReminderPass(t.database.db, catalog, { today: inDays(1) }))).toBe(1);
    const after = await reminderMessages(hqId);
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)!.content).toContain(entering[0]!.certificateNo);
    expect(after.at(-1)!.content).toContain('还剩30天');
    const logged = await t.database.db
      .selectFrom('reminderLog')
      .select(({ fn }) => fn.countAll<number>().as('n'))
      .where('reminder', 'in', ['supplier.qualificationExpiry', 'contract.contractExpiry'])
      .executeTakeFirstOrThrow();
    expect(Number(logged.n)).toBe(before + 1 + contractsDue);
  });

  it('shows in the message centre as 到期提醒 for the receiver', async () => {
    const summary = (await t.json(hq, 'GET', `${MSG}/getMessageTypeList`)).body.data as {
      type: number;
      typeName: string;
      notReadCount: number;
    }[];
    expect(summary.find((s) => s.type === 5)).toMatchObject({ typeName: '到期提醒' });
    expect(summary.find((s) => s.type === 5)!.notReadCount).toBeGreaterThan(0);
    const typed = await t.call({
      method: 'GET',
      url: `${MSG}/getMessageListForFrontend?type=5&fromToType=1&pageNo=1&pageSize=50`,
      token: hq,
    });
    const page = typed.json().data as { list: { typeName: string; summary: string }[] };
    expect(page.list.length).toBeGreaterThan(0);
    expect(page.list.every((m) => m.typeName === '到期提醒')).toBe(true);
  });

  it('reaches only headquarters users holding supplier:edit', async () => {
    // A store manager, a headquarters user with the list only, a store user with supplier:edit.
    await userWith(t, 'e00041', ['/admin/product/supplierList']);
    await userWith(t, 'e00042', ['/admin/product/supplierList', 'supplier:edit']);
    await userWith(t, 'e00043', ['/admin/product/supplierList', 'supplier:edit']);
    await t.database.db
      .updateTable('appUser')
      .set({ orgId: 1 })
      .where('account', 'in', ['e00041', 'e00043'])
      .execute();
    const today = chinaToday();
    const created = await t.json(hq, 'POST', `${SUPPLIER}/add`, {
      name: '测试提醒果业有限公司',
      type: 2,
      creditCode: '91330100MA2CTR010N',
      contactName: '周测试',
      contactMobile: '13900000001',
      qualificationList: [
        { qualificationType: 2, certificateNo: 'JY-REMIND-1', expiryDate: seedDay('+10d', today) },
        { qualificationType: 6, certificateNo: 'ZJ-LATER-1', expiryDate: seedDay('+60d', today) },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(suppliersSent(await runReminderPass(t.database.db, catalog, { today }))).toBeGreaterThanOrEqual(1);
    const got = async (account: string) =>
      (await reminderMessages(await userId(account))).filter((m) => m.content.includes('JY-REMIND-1'));
    expect(await got('hq001')).toHaveLength(1);
    expect(await got('e00043')).toHaveLength(1);
    expect(await got('e00041')).toEqual([]);
    expect(await got('e00042')).toEqual([]);
    expect(await got('md001')).toEqual([]);
    const later = await reminderMessages(hqId);
    expect(later.some((m) => m.content.includes('ZJ-LATER-1'))).toBe(false);

    // Editing the supplier rewrites its lines (new ids): the same qualification is not reminded again;
    // a renewed expiry date is a new date, reminded once.
    const id = created.body.data.id as number;
    const detail = (await t.json(hq, 'GET', `${SUPPLIER}/detail/${id}`)).body.data;
    const lines = detail.qualificationList.map((q: Record<string, unknown>) => ({
      qualificationType: q.qualificationType,
      certificateNo: q.certificateNo,
      expiryDate: q.expiryDate,
    }));
    const edited = await t.json(hq, 'POST', `${SUPPLIER}/update`, {
      id,
      remark: '改备注',
      qualificationList: lines,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(suppliersSent(await runReminderPass(t.database.db, catalog, { today }))).toBe(0);
    lines[0].expiryDate = seedDay('+20d', today);
    await t.json(hq, 'POST', `${SUPPLIER}/update`, { id, qualificationList: lines });
    expect(suppliersSent(await runReminderPass(t.database.db, catalog, { today }))).toBe(1);
    expect(await got('hq001')).toHaveLength(2);
  });

  it('the worker runs a pass at start and every interval, and stops cleanly', async () => {
    const today = chinaToday();
    const created = await t.json(hq, 'POST', `${SUPPLIER}/add`, {
      name: '测试定时提醒水产有限公司',
      type: 1,
      creditCode: '91330100MA2CTR020P',
      contactName: '吴测试',
      contactMobile: '13900000002',
      qualificationList: [
        { qualificationType: 3, certificateNo: 'SC-WORKER-1', expiryDate: seedDay('+3d', today) },
      ],
    });
    expect(created.status).toBe(200);
    const worker = startReminderWorker(t.database.db, catalog, t.app.log, 50);
    try {
      await expect
        .poll(
          async () => (await reminderMessages(hqId)).filter((m) => m.content.includes('SC-WORKER-1')).length,
          {
            timeout: 10_000,
          },
        )
        .toBe(1);
    } finally {
      await worker.stop();
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await reminderMessages(hqId)).filter((m) => m.content.includes('SC-WORKER-1'))).toHaveLength(1);
  });

  it('a server with REMINDERS=1 starts the worker and closes cleanly', async () => {
    const other = await createTestApp({ REMINDERS: '1' });
    expect(other.app.config.reminders).toBe(true);
    await other.close();
  });
});
