import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reported, runAiPass } from '../../server/services/store-devices/ai-pass';
import { demoAiProvider } from '../../server/services/store-devices/demo-ai-provider';
import { dynamic } from '../../server/resources/sql/db';
import { createTestApp, type TestApp } from '../fixtures/app';
import { userWith } from './resource-helpers';

const AI = '/api/v1/store/aiEvent';
const STAFF = `${AI}/staff/findByPage`;
const PAGE = '/admin/storeDevice/aiEventList';

type Row = Record<string, unknown>;
const NEW = 0;
const ASSIGNED = 10;
const HANDLED = 20;
const FALSE_ALARM = 30;

// Issue 19.5: AI store-monitoring events (schemas/resources/aiEvent.json). The seeded week went through
// the engine's transitions; assignment takes an active employee of the event's own store (the
// reference's "$header.storeId"); each transition has its own permission code; a store sees its own
// events and charts; every chart figure equals the list's rows; the AI pass stores the demo service's
// detections once.
describe('AI store monitoring', () => {
  let t: TestApp;
  let hq: string;
  let md: string;
  let events: Row[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    md = await t.login('md001');
    events = await all(hq);
  });
  afterAll(() => t.close());

  async function all(token: string, filters: Row = {}): Promise<Row[]> {
    const out: Row[] = [];
    for (let pageNo = 1; ; pageNo++) {
      const page = await t.json(token, 'POST', `${AI}/findByPage`, { pageNo, pageSize: 500, ...filters });
      expect(page.status).toBe(200);
      out.push(...(page.body.data.list as Row[]));
      if (out.length >= page.body.data.total) return out;
    }
  }
  const staffOf = async (storeId: number) =>
    (await dynamic(t.database.db)
      .selectFrom('appUser')
      .select(['id', 'account', 'realName'])
      .where('orgId', '=', storeId)
      .where('status', '=', 1)
      .orderBy('id')
      .execute()) as { id: number; account: string; realName: string }[];

  it('seeds a week of events across stores in every state, each through its transition', async () => {
    expect(events.length).toBe(84);
    const states = new Set(events.map((e) => e.status));
    expect([...states].sort()).toEqual([NEW, ASSIGNED, HANDLED, FALSE_ALARM]);
    expect(new Set(events.map((e) => e.storeId)).size).toBeGreaterThanOrEqual(5);
    for (const e of events) {
      expect(Number(e.confidence)).toBeGreaterThanOrEqual(0.55);
      expect(Number(e.confidence)).toBeLessThanOrEqual(0.99);
      // Stills drawn by the demo AI service at start (no stored files).
      expect(String(e.snapshotUrl)).toMatch(/^data:image\/svg\+xml;base64,/);
      if (e.status === ASSIGNED || e.status === HANDLED) {
        expect(e.assigneeName).toBeTruthy();
        expect(e.assignerName).toBe('张总部');
        const staff = await staffOf(e.storeId as number);
        expect(staff.map((s) => s.id)).toContain(e.assigneeId);
      }
      if (e.status === HANDLED || e.status === FALSE_ALARM) expect(e.closeTime).toBeTruthy();
      if (e.status === NEW) expect(e.assigneeId).toBeNull();
    }
    // The audit log holds the transitions the seed ran (as hq001).
    const audited = (await dynamic(t.database.db)
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'aiEvent')
      .execute()) as { action: string }[];
    const actions = new Set(audited.map((a) => a.action));
    expect(actions).toEqual(new Set(['transition:assign', 'transition:handle', 'transition:falseAlarm']));
  });

  it('scopes the list, the detail, the picker and the charts to a store user’s store', async () => {
    const mine = await all(md);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.storeId === 11)).toBe(true);
    expect(mine.length).toBe(events.filter((e) => e.storeId === 11).length);
    const other = events.find((e) => e.storeId !== 11)!;
    expect((await t.json(md, 'GET', `${AI}/detail/${other.id}`)).status).toBe(404);
    expect((await t.json(hq, 'GET', `${AI}/detail/${other.id}`)).status).toBe(200);
    const staff = (await t.json(md, 'POST', STAFF, { pageNo: 1, pageSize: 500 })).body.data.list as Row[];
    expect(staff.length).toBeGreaterThan(0);
    expect(staff.every((s) => s.orgId === 11)).toBe(true);
    const byStore = (await t.json(md, 'POST', `${AI}/aggregate/byStore`, {})).body.data.rows as Row[];
    expect(byStore).toEqual([{ key: 11, label: mine[0]!.storeName, value: mine.length }]);
    // A store user cannot act on another store's event either.
    const s11 = (await staffOf(11))[0]!;
    const refused = await t.json(md, 'POST', `${AI}/falseAlarm/${other.id}`, { falseReason: '误判' });
    expect(other.status === HANDLED ? [404, 409] : [404]).toContain(refused.status);
    expect(s11).toBeTruthy();
  });

  it('assigns only to an active employee of the event’s store, then handles or marks a false alarm', async () => {
    const e = events.find((x) => x.status === NEW && x.storeId === 12)!;
    expect(e).toBeTruthy();
    const [clerk] = await staffOf(12);
    const [stranger] = await staffOf(13);
    const none = await t.json(hq, 'POST', `${AI}/assign/${e.id}`, {});
    expect(none.status).toBe(400);
    expect(none.body.result.msg).toBe('请选择处理人');
    const wrong = await t.json(hq, 'POST', `${AI}/assign/${e.id}`, { assigneeId: stranger!.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('所选处理人不存在或已停用');
    // Handling needs an assignee first: 待处理 → 处理完成 is refused with the state in Chinese.
    const early = await t.json(hq, 'POST', `${AI}/handle/${e.id}`, { handleNote: '已补货' });
    expect(early.status).toBe(409);
    expect(early.body.result.msg).toContain('当前状态为“待处理”，不能执行“处理完成”操作');
    const ok = await t.json(hq, 'POST', `${AI}/assign/${e.id}`, { assigneeId: clerk!.id });
    expect(ok.status).toBe(200);
    let row = (await t.json(hq, 'GET', `${AI}/detail/${e.id}`)).body.data as Row;
    expect(row).toMatchObject({ status: ASSIGNED, assigneeId: clerk!.id, assigneeName: clerk!.realName });
    expect(row.assignerName).toBe('张总部');
    // The assignee hears of it in the message centre (工作通知, the transition's notify).
    const told = await t.database.db
      .selectFrom('imMessageReceiver as r')
      .innerJoin('imMessage as m', 'm.id', 'r.messageId')
      .select(['m.msgType', 'm.title', 'm.content', 'm.createName'])
      .where('r.userId', '=', Number(clerk!.id))
      .where('m.content', 'like', `%${String(e.eventCode)}%`)
      .execute();
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ msgType: 7, createName: '张总部' });
    expect(told[0]!.title).toMatch(/^AI巡店待处理：/);
    expect(told[0]!.content).toContain('张总部已指派您核实处理');
    expect(told[0]!.content).toContain('href="/admin/storeDevice/aiEventList"');
    const noNote = await t.json(hq, 'POST', `${AI}/handle/${e.id}`, {});
    expect(noNote.body.result.msg).toBe('请输入处理说明');
    // Photos of the spot after handling: this server's uploads only, at most three.
    const photo = '/uploads/ai/ai_event_photo/202611/0123456789abcdef0123456789abcdef.jpg';
    const foreign = await t.json(hq, 'POST', `${AI}/handle/${e.id}`, {
      handleNote: '已补货上架',
      handlePhotos: ['https://example.com/a.jpg'],
    });
    expect(foreign.status).toBe(400);
    const four = await t.json(hq, 'POST', `${AI}/handle/${e.id}`, {
      handleNote: '已补货上架',
      handlePhotos: [photo, photo, photo, photo],
    });
    expect(four.body.result.msg).toBe('处理照片最多上传3张');
    expect(
      (await t.json(hq, 'POST', `${AI}/handle/${e.id}`, { handleNote: '已补货上架', handlePhotos: [photo] }))
        .status,
    ).toBe(200);
    row = (await t.json(hq, 'GET', `${AI}/detail/${e.id}`)).body.data as Row;
    expect(row).toMatchObject({
      status: HANDLED,
      handleNote: '已补货上架',
      closerName: '张总部',
      handlePhotos: [photo],
    });
    const again = await t.json(hq, 'POST', `${AI}/falseAlarm/${e.id}`, { falseReason: '误判' });
    expect(again.status).toBe(409);

    const f = events.find((x) => x.status === ASSIGNED && x.storeId === 11)!;
    const noReason = await t.json(md, 'POST', `${AI}/falseAlarm/${f.id}`, {});
    expect(noReason.body.result.msg).toBe('请输入误报原因');
    expect((await t.json(md, 'POST', `${AI}/falseAlarm/${f.id}`, { falseReason: '画面遮挡' })).status).toBe(
      200,
    );
    row = (await t.json(md, 'GET', `${AI}/detail/${f.id}`)).body.data as Row;
    expect(row).toMatchObject({ status: FALSE_ALARM, falseReason: '画面遮挡', closerName: '李店长' });
  });

  it('needs each transition’s own permission code', async () => {
    const viewer = await userWith(t, 'e00001', [PAGE]);
    const assigner = await userWith(t, 'e00007', [PAGE, 'aiEvent:assign']);
    // e00001 and e00007 both belong to store 11 (generated accounts cycle through the stores).
    const e = (await all(hq, { status: [NEW], storeId: 11 }))[0]!;
    expect(e).toBeTruthy();
    const [clerk] = await staffOf(11);
    const denied = await t.json(viewer, 'POST', `${AI}/assign/${e.id}`, { assigneeId: clerk!.id });
    expect(denied.status).toBe(401);
    expect(denied.body.result.msg).toBe('您未开通权限，请联系管理人员');
    expect((await t.json(assigner, 'POST', `${AI}/assign/${e.id}`, { assigneeId: clerk!.id })).status).toBe(
      200,
    );
    const noHandle = await t.json(assigner, 'POST', `${AI}/handle/${e.id}`, { handleNote: '已处理' });
    expect(noHandle.status).toBe(401);
    const noFalse = await t.json(assigner, 'POST', `${AI}/falseAlarm/${e.id}`, { falseReason: '误判' });
    expect(noFalse.status).toBe(401);
    expect((await t.json(viewer, 'POST', `${AI}/findByPage`, { pageNo: 1, pageSize: 5 })).status).toBe(200);
  });

  it('charts by type, store and day equal the list’s rows, with the list’s filters', async () => {
    const rows = await all(hq);
    const count = (key: (r: Row) => unknown, list = rows) => {
      const m = new Map<string, number>();
      for (const r of list) m.set(String(key(r)), (m.get(String(key(r))) ?? 0) + 1);
      return m;
    };
    const asMap = (out: Row[], key: (r: Row) => string = (r) => String(r.key)) =>
      new Map(out.map((r) => [key(r), Number(r.value)]));
    const agg = async (name: string, body: Row = {}) => {
      const res = await t.json(hq, 'POST', `${AI}/aggregate/${name}`, body);
      expect(res.status).toBe(200);
      return res.body.data.rows as Row[];
    };
    expect(asMap(await agg('byType'))).toEqual(count((r) => r.eventType));
    const byStore = await agg('byStore');
    expect(asMap(byStore)).toEqual(count((r) => r.storeId));
    const values = byStore.map((r) => Number(r.value));
    expect(values).toEqual([...values].sort((a, b) => b - a));
    const chinaDay = (iso: unknown) =>
      new Date(Date.parse(String(iso)) + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(asMap(await agg('byDay'), (r) => `${String(r.key)}|${String(r.series)}`)).toEqual(
      count((r) => `${chinaDay(r.eventTime)}|${String(r.eventType)}`),
    );
    const open = rows.filter((r) => r.status === NEW || r.status === ASSIGNED);
    expect(await agg('openCount')).toEqual([{ value: open.length }]);
    expect(asMap(await agg('openByStore'))).toEqual(count((r) => r.storeId, open));
    // The search form's filters apply to the charts as to the list.
    const filters = { eventType: [1, 2], status: [HANDLED] };
    const some = await all(hq, filters);
    expect(asMap(await agg('byStore', filters))).toEqual(count((r) => r.storeId, some));
  });

  it('stores the demo AI service’s detections once, whatever the number of passes', async () => {
    const db = t.database.db;
    await dynamic(db).updateTable('storeDevice').set({ online: 1 }).where('deviceType', '=', 5).execute();
    const at = new Date('2026-11-18T02:00:00Z');
    const ai = demoAiProvider();
    const first = await runAiPass(db, ai, at);
    expect(first.detected).toBeGreaterThan(0);
    expect(first.created).toBe(first.detected);
    const second = await runAiPass(db, ai, at);
    expect(second).toEqual({ detected: first.detected, created: 0, images: 0 });
    const stored = await all(hq, { keyword: 'AI-CAM-' });
    expect(stored.length).toBe(first.created);
    for (const e of stored) {
      expect(e.status).toBe(NEW);
      expect(String(e.snapshotUrl)).toMatch(/^data:image\/svg\+xml;base64,/);
      expect(e.cameraCode).toBe(String(e.eventCode).split('-').slice(1, -1).join('-'));
    }
    // The demo pass endpoint runs the same pass.
    const pass = await t.json(hq, 'POST', '/api/dev/devices/pass', { at: '2026-11-18T02:30:00Z' });
    expect(pass.status).toBe(200);
    expect(pass.body.data.ai.created).toBeGreaterThanOrEqual(0);
  });

  it('reports under each store’s rules: a type switched off, outside its hours or below its threshold is dropped', async () => {
    const db = t.database.db;
    // Passes over a day's half hours (a pass looks back 30 minutes), each kept by its time.
    const times = Array.from(
      { length: 24 },
      (_, i) => new Date(Date.parse('2026-11-19T00:00:00Z') + i * 1_800_000),
    );
    const ai = demoAiProvider();
    const passAll = async () => {
      let created = 0;
      for (const at of times) created += (await runAiPass(db, ai, at)).created;
      return created;
    };
    const first = await passAll();
    expect(first).toBeGreaterThan(1);
    const made = (await dynamic(db)
      .selectFrom('aiEvent')
      .select(['eventCode', 'storeId', 'eventType'])
      .where('createTime', 'in', times)
      .execute()) as { eventCode: string; storeId: number; eventType: number }[];
    expect(made).toHaveLength(first);
    // Headquarters switches one store's type off; its detections are no longer events.
    const [off] = made;
    const rule = await t.json(hq, 'POST', '/api/v1/store/aiRule/add', {
      storeId: off!.storeId,
      eventType: off!.eventType,
      enabled: false,
      startHour: 0,
      endHour: 24,
      minConfidence: 0.6,
    });
    expect(rule.status, JSON.stringify(rule.body.result)).toBe(200);
    const twice = await t.json(hq, 'POST', '/api/v1/store/aiRule/add', {
      storeId: off!.storeId,
      eventType: off!.eventType,
      startHour: 0,
      endHour: 24,
      minConfidence: 0.6,
    });
    expect(twice.body.result.msg).toBe('该门店已设置此类事件的规则');
    const bad = await t.json(hq, 'POST', '/api/v1/store/aiRule/add', {
      storeId: off!.storeId,
      eventType: 6,
      startHour: 25,
      endHour: 7,
      minConfidence: 0.6,
    });
    expect(bad.body.result.msg).toBe('监测开始应在0到23时之间');
    await dynamic(db)
      .deleteFrom('aiEvent')
      .where(
        'eventCode',
        'in',
        made.map((m) => m.eventCode),
      )
      .execute();
    const again = await passAll();
    const dropped = made.filter((m) => m.storeId === off!.storeId && m.eventType === off!.eventType).length;
    expect(dropped).toBeGreaterThan(0);
    expect(again).toBe(first - dropped);
    // The rule's own test: hours in China time, a night window wrapping midnight, the threshold.
    const night = { enabled: true, startHour: 22, endHour: 7, minConfidence: 0.8 };
    expect(reported(night, { time: new Date('2026-11-19T15:30:00Z'), confidence: 0.9 })).toBe(true); // 23:30
    expect(reported(night, { time: new Date('2026-11-19T22:30:00Z'), confidence: 0.9 })).toBe(true); // 06:30
    expect(reported(night, { time: new Date('2026-11-19T04:00:00Z'), confidence: 0.9 })).toBe(false); // 12:00
    expect(reported(night, { time: new Date('2026-11-19T15:30:00Z'), confidence: 0.7 })).toBe(false);
    expect(reported(undefined, { time: new Date(), confidence: 0.1 })).toBe(true);
  });
});
