import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoDeviceProvider } from '../../server/services/store-devices/demo-provider';
import { runDevicePass } from '../../server/services/store-devices/device-pass';
import type { DeviceProvider } from '../../server/services/store-devices/provider';
import { JOB, runTagPass } from '../../server/services/store-devices/tag-pass';
import { dynamic } from '../../server/resources/sql/db';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const DEV = '/api/v1/store/device';
const TAG = '/api/v1/store/priceTag';
const JOBS = '/api/v1/store/tagPushJob';
const PRICES = '/api/v1/product/commodityPrice/findPriceListByPage';
const PC = '/api/v1/product/priceChange';
const TODO = '/api/v1/approval/task/findTodoByPage';

type Row = Record<string, unknown>;
const MIN = 60_000;
const chinaDay = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

// Issue 19.2 and 19.3: devices' heartbeats from the device provider, offline detection with one message
// to the store per offline spell, and price pushes to electronic tags with retries, back-off, failures
// and resend. The passes run on demand with the test's own clock; the demo provider is deterministic.
describe('store devices and price tags', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  const demo = demoDeviceProvider();
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
  });
  afterAll(() => t.close());

  const device = async (code: string) =>
    (await t.json(hq, 'POST', `${DEV}/findByPage`, { pageNo: 1, pageSize: 5, keyword: code })).body.data
      .list[0] as Row;
  /** md001's device alerts (message type 6) about a device code. */
  const alertsOf = async (code: string) =>
    (await dynamic(t.database.db)
      .selectFrom('imMessage as m')
      .innerJoin('imMessageReceiver as r', 'r.messageId', 'm.id')
      .innerJoin('appUser as u', 'u.id', 'r.userId')
      .select(['m.title', 'm.createName'])
      .where('u.account', '=', 'md001')
      .where('m.msgType', '=', 6)
      .where('m.title', 'like', `%${code}%`)
      .execute()) as { title: string; createName: string }[];

  it('lists every store’s devices and a per-store overview; a store sees its own', async () => {
    const all = (await t.json(hq, 'POST', `${DEV}/findByPage`, { pageNo: 1, pageSize: 500 })).body.data
      .list as Row[];
    for (const s of [11, 12, 13, 14, 15, 16, 17]) expect(all.some((d) => d.storeId === s)).toBe(true);
    const offline = await t.json(hq, 'POST', `${DEV}/findByPage`, { pageNo: 1, pageSize: 500, online: [0] });
    expect((offline.body.data.list as Row[]).every((d) => d.online === 0)).toBe(true);
    const mine = (await t.json(md, 'POST', `${DEV}/findByPage`, { pageNo: 1, pageSize: 500 })).body.data
      .list as Row[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((d) => d.storeId === 11)).toBe(true);
    const overview = (await t.json(hq, 'POST', `${DEV}/findStoreOverviewByPage`, { pageNo: 1, pageSize: 20 }))
      .body.data.list as Row[];
    expect(overview.map((o) => o.id)).toEqual([11, 12, 13, 14, 15, 16, 17]);
    const s11 = overview[0]!;
    expect(s11.deviceCount).toBe(all.filter((d) => d.storeId === 11).length);
    expect(Number(s11.onlineCount) + Number(s11.offlineCount)).toBe(s11.deviceCount);
    const md11 = (await t.json(md, 'POST', `${DEV}/findStoreOverviewByPage`, { pageNo: 1, pageSize: 20 }))
      .body.data.list as Row[];
    expect(md11.map((o) => o.id)).toEqual([11]);
  });

  it('sets devices offline after 5 minutes of silence and tells the store once per offline spell', async () => {
    const add = await t.json(hq, 'POST', `${DEV}/add`, {
      deviceCode: 'POS-T1-99',
      name: '测试收银机',
      deviceType: 1,
      storeId: 11,
      zone: '收银区',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    // It reports once (a scripted provider), then falls silent (the demo never hears a "-99" device).
    const once: DeviceProvider = {
      ...demo,
      heartbeats: async (devices, now) =>
        devices
          .filter((d) => d.deviceCode === 'POS-T1-99')
          .map((d) => ({ deviceCode: d.deviceCode, seenAt: now })),
    };
    const t0 = new Date();
    await runDevicePass(t.database.db, once, t0);
    expect(await device('POS-T1-99')).toMatchObject({ online: 1, offlineNotified: false });
    await runDevicePass(t.database.db, demo, new Date(t0.getTime() + 4 * MIN));
    expect((await device('POS-T1-99')).online).toBe(1);
    await runDevicePass(t.database.db, demo, new Date(t0.getTime() + 6 * MIN));
    const off = await device('POS-T1-99');
    expect(off).toMatchObject({ online: 0, offlineNotified: false });
    expect(Date.parse(String(off.offlineSince))).toBe(t0.getTime());
    expect(await alertsOf('POS-T1-99')).toHaveLength(0);
    // Offline for more than 30 minutes: one message to the store, not repeated by later passes.
    await runDevicePass(t.database.db, demo, new Date(t0.getTime() + 31 * MIN));
    await runDevicePass(t.database.db, demo, new Date(t0.getTime() + 45 * MIN));
    const alerts = await alertsOf('POS-T1-99');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ title: '设备离线：测试收银机（POS-T1-99）', createName: '设备监控' });
    expect((await device('POS-T1-99')).offlineNotified).toBe(true);
    // Back online, then silent again: a new spell, a new message.
    await runDevicePass(t.database.db, once, new Date(t0.getTime() + 50 * MIN));
    expect(await device('POS-T1-99')).toMatchObject({
      online: 1,
      offlineNotified: false,
      offlineSince: null,
    });
    await runDevicePass(t.database.db, demo, new Date(t0.getTime() + 90 * MIN));
    expect(await alertsOf('POS-T1-99')).toHaveLength(2);
  });

  it('lists the cameras with the latest snapshot the provider draws while they are online', async () => {
    // Later than the passes of the test before (its clock ran 90 minutes ahead).
    const at = new Date(Date.now() + 3 * 3_600_000);
    const pass = await runDevicePass(t.database.db, demo, at);
    expect(pass.snapshots).toBeGreaterThan(0);
    const cams = (await t.json(hq, 'POST', '/api/v1/store/camera/findByPage', { pageNo: 1, pageSize: 100 }))
      .body.data.list as Row[];
    expect(cams.length).toBe(28);
    const online = cams.filter((c) => c.online === 1);
    expect(online.length).toBeGreaterThan(0);
    for (const c of online) {
      expect(String(c.snapshotUrl)).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(Date.parse(String(c.snapshotTime))).toBe(at.getTime());
    }
    const svg = Buffer.from(String(online[0]!.snapshotUrl).split(',')[1]!, 'base64').toString();
    expect(svg).toContain(String(online[0]!.storeName));
    // Not redrawn within the minute (a camera that only came online since gets its first one); a store
    // sees its own cameras only.
    await runDevicePass(t.database.db, demo, new Date(at.getTime() + 30_000));
    const later = (await t.json(hq, 'POST', '/api/v1/store/camera/findByPage', { pageNo: 1, pageSize: 100 }))
      .body.data.list as Row[];
    for (const c of online)
      expect(Date.parse(String(later.find((x) => x.id === c.id)!.snapshotTime)), String(c.name)).toBe(
        at.getTime(),
      );
    const mine = (await t.json(md, 'POST', '/api/v1/store/camera/findByPage', { pageNo: 1, pageSize: 100 }))
      .body.data.list as Row[];
    expect(mine.map((c) => c.storeId)).toEqual([11, 11, 11, 11]);
  });

  it('refuses device registration without the button and a duplicate code', async () => {
    const viewer = await userWith(t, 'e00072', ['/admin/storeDevice/deviceList']);
    expect((await t.json(viewer, 'POST', `${DEV}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
    const body = { deviceCode: 'SC-T1-01', name: '电子秤', deviceType: 2, storeId: 11 };
    expect((await t.json(viewer, 'POST', `${DEV}/add`, body)).status).toBe(401);
    expect((await t.json(hq, 'POST', `${DEV}/add`, body)).status).toBe(200);
    const dup = await t.json(hq, 'POST', `${DEV}/add`, body);
    expect(dup.status).toBe(409);
    expect(dup.body.result.msg).toBe('设备编号已存在');
  });

  it('pushes prices to tags, retries with back-off and fails flat-battery tags after three attempts', async () => {
    const t0 = new Date();
    const first = await runTagPass(t.database.db, demo, t0);
    // Every seeded tag shows nothing yet: one job each, handed to the base stations at once.
    expect(first.created).toBe(84);
    expect(first.sent).toBe(84);
    expect(first.acknowledged + first.retried).toBe(84);
    expect(first.retried).toBeGreaterThan(4);
    const jobs = async (body: Row) =>
      (await t.json(hq, 'POST', `${JOBS}/findByPage`, { pageNo: 1, pageSize: 500, ...body })).body.data
        .list as Row[];
    const waiting = await jobs({ status: [JOB.pending] });
    expect(waiting).toHaveLength(first.retried);
    expect(waiting.every((j) => j.attempts === 1 && j.lastError)).toBe(true);
    // Not before the back-off (30 s) has passed.
    expect((await runTagPass(t.database.db, demo, new Date(t0.getTime() + 20_000))).sent).toBe(0);
    // The second attempt: tags out of range confirm now; flat batteries fail again (60 s back-off).
    const second = await runTagPass(t.database.db, demo, new Date(t0.getTime() + 31_000));
    expect(second.sent).toBe(first.retried);
    const flat = (await jobs({ status: [JOB.pending] })).map((j) => String(j.tagCode));
    expect(flat.length).toBeGreaterThan(0);
    expect(flat.every((c) => c.endsWith('X'))).toBe(true);
    const third = await runTagPass(t.database.db, demo, new Date(t0.getTime() + 92_000));
    expect(third.failed).toBe(flat.length);
    const failures = await jobs({ status: [JOB.failed] });
    expect(failures.map((j) => j.tagCode).sort()).toEqual([...flat].sort());
    expect(failures[0]).toMatchObject({ attempts: 3, lastError: '价签电量不足，未响应' });
    // Confirmed tags show their store's retail price.
    const tag = (
      await t.json(hq, 'POST', `${TAG}/findByPage`, { pageNo: 1, pageSize: 1, keyword: 'TS1002001' })
    ).body.data.list[0] as Row;
    const price = (
      await t.json(hq, 'POST', PRICES, {
        pageNo: 1,
        pageSize: 5,
        storeCode: 'S1002',
        keyword: tag.commodityCode,
        priceType: [1],
      })
    ).body.data.list.find((p: Row) => p.commodityCode === tag.commodityCode) as Row;
    expect(tag.displayPrice).toBe(price.price);
    expect(tag.lastSeenTime).toBeTruthy();
    // Nothing changed: the next pass creates nothing.
    expect((await runTagPass(t.database.db, demo, new Date(t0.getTime() + 200_000))).created).toBe(0);

    // Resend from the failure list: md001 may, for his store; a user without the button may not.
    const mine = failures.find((j) => j.storeId === 11)!;
    const viewer = await userWith(t, 'e00073', ['/admin/storeDevice/tagPushJobList']);
    expect((await t.json(viewer, 'POST', `${JOBS}/resend/${String(mine.id)}`)).status).toBe(401);
    const resent = await t.json(md, 'POST', `${JOBS}/resend/${String(mine.id)}`);
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data).toMatchObject({ status: JOB.pending, resendName: '李店长' });
    // Its attempts start afresh: one more failure leaves it waiting, not failed.
    await runTagPass(t.database.db, demo, new Date(t0.getTime() + 300_000));
    const again = (await t.json(hq, 'GET', `${JOBS}/detail/${String(mine.id)}`)).body.data as Row;
    expect(again).toMatchObject({ status: JOB.pending, attempts: 1 });
    // A store reads only its own jobs.
    expect((await jobs({})).some((j) => j.storeId !== 11)).toBe(true);
    const md11 = (await t.json(md, 'POST', `${JOBS}/findByPage`, { pageNo: 1, pageSize: 500 })).body.data
      .list as Row[];
    expect(md11.every((j) => j.storeId === 11)).toBe(true);
  });

  it('an approved price change reaches every tag of that commodity in that store', async () => {
    const fin = await t.login('tip001');
    const tag = (
      await t.json(hq, 'POST', `${TAG}/findByPage`, { pageNo: 1, pageSize: 1, keyword: 'TS1003002' })
    ).body.data.list[0] as Row;
    const t0 = new Date(Date.now() + 600_000);
    await runTagPass(t.database.db, demo, t0);
    await runTagPass(t.database.db, demo, new Date(t0.getTime() + 31_000));
    const price = (
      await t.json(hq, 'POST', PRICES, {
        pageNo: 1,
        pageSize: 5,
        storeCode: 'S1003',
        keyword: tag.commodityCode,
        priceType: [1],
      })
    ).body.data.list.find((p: Row) => p.commodityCode === tag.commodityCode) as Row;
    const newPrice = Math.round((Number(price.price) + 1.11) * 100) / 100;
    const made = await t.json(hq, 'POST', `${PC}/add`, {
      changeType: 2,
      reason: '产地价格上涨',
      effectiveDate: chinaDay(),
      itemList: [{ priceId: price.id, newPrice }],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const task = (
      await t.json(fin, 'POST', TODO, { pageNo: 1, pageSize: 5, keyword: made.body.data.applyCode })
    ).body.data.list[0] as Row;
    expect(
      (await t.json(fin, 'POST', `/api/v1/approval/task/approve/${String(task.id)}`, { comment: '同意' }))
        .status,
    ).toBe(200);
    const pass = await runTagPass(t.database.db, demo, new Date(t0.getTime() + 62_000));
    expect(pass.created).toBeGreaterThanOrEqual(1);
    const jobsOfTag = (
      await t.json(hq, 'POST', `${JOBS}/findByPage`, { pageNo: 1, pageSize: 20, tagId: tag.id })
    ).body.data.list as Row[];
    expect(jobsOfTag[0]).toMatchObject({ price: newPrice, tagCode: 'TS1003002' });
    // Confirmed now or after one retry.
    await runTagPass(t.database.db, demo, new Date(t0.getTime() + 100_000));
    const after = (await t.json(hq, 'GET', `${TAG}/detail/${String(tag.id)}`)).body.data as Row;
    expect(after.displayPrice).toBe(newPrice);
  });
});
