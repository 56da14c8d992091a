import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../fixtures/app';
import { PICK_LIST } from './resource-helpers';

const ORDER = '/api/v1/shop/storeOrder';
const PICK = '/gateApi/storageAdmin/pickOrder';
const AREA = '/gateApi/storageAdmin/warehouseAreaPicker/web';
const CLAIMABLE = '/gateApi/storageAdmin/pickerReceive/web/list';

type Row = Record<string, unknown>;

const tomorrow = () => new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);

// Issue 16.3 (pickers): pickers bound to the pick zones of their warehouse (拣货员区域, SPEC 7.8
// warehouseAreaPicker/web), pick orders assigned only to a picker of their zone, 自动分配 to the
// least-loaded one, and 拣货员领取 (pickerReceive/web) of the unassigned orders of the caller's zones.
// Seeded bindings (schemas/seed/pickerArea.json): in 杭州中心大仓 (21) jh001 and jh004 陈列区,
// jh002 and jh005 拣货区, jh003 存储区; jh006…jh008 in 广州中心大仓.
describe('picker areas, assignment by zone, allocation and claims', () => {
  let t: TestApp;
  let md: string;
  let wh: string;
  const ids = new Map<string, number>();
  beforeAll(async () => {
    t = await createTestApp();
    [md, wh] = [await t.login('md001'), await t.login('wh001')];
    const users = await t.database.db.selectFrom('appUser').select(['id', 'account']).execute();
    for (const u of users) ids.set(u.account, u.id);
  }, 60_000);
  afterAll(() => t.close());

  /** Commodities of a pick zone that warehouse 21 holds plenty of. */
  async function zoneCommodities(zone: number) {
    const { rows } = await sql<{ code: string }>`
      select c.code from commodity c join stock s on s.commodity_code = c.code
      where s.warehouse_id = 21 and c.status = 1 and c.pick_zone = ${zone} and s.shelf_code <> '在途'
        and s.frozen_by is null
      group by c.code having sum(s.available_quantity) >= 5 order by c.code limit 3`.execute(t.database.db);
    expect(rows.length).toBeGreaterThan(0);
    return rows.map((r) => r.code);
  }

  /** A store order of one unit per zone asked for, submitted (approved at once): its pick orders by zone. */
  async function pickOrders(zones: number[]): Promise<Map<number, Row>> {
    const itemList = [];
    for (const z of zones) itemList.push({ commodityCode: (await zoneCommodities(z))[0], quantity: 1 });
    const made = await t.json(md, 'POST', `${ORDER}/add`, {
      warehouseId: 21,
      deliveryDate: tomorrow(),
      deliveryBatch: 1,
      itemList,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const submitted = await t.json(md, 'POST', `${ORDER}/submit/${made.body.data.id}`);
    expect(submitted.body.data.status).toBe(20);
    const list = await t.json(wh, 'POST', PICK_LIST, {
      pageNo: 1,
      pageSize: 10,
      storeOrderCode: made.body.data.orderCode,
    });
    return new Map((list.body.data.list as Row[]).map((p) => [Number(p.pickZone), p]));
  }

  /** Open (待拣货, 拣货中) pick orders per picker id. */
  async function loads(): Promise<Map<number, number>> {
    const { rows } = await sql<{ id: number; n: string }>`
      select picker_id as id, count(*) as n from pick_order where status in (20, 30) and picker_id is not null
      group by picker_id`.execute(t.database.db);
    return new Map(rows.map((r) => [Number(r.id), Number(r.n)]));
  }

  it('lists, binds a warehouse employee, refuses others and duplicates, changes the zone and unbinds', async () => {
    const list = await t.json(wh, 'POST', `${AREA}/list`, { pageNo: 1, pageSize: 50 });
    expect(list.status).toBe(200);
    const rows = list.body.data.list as Row[];
    // wh001 sees his warehouse's pickers only.
    expect(rows.map((r) => r.pickerAccount).sort()).toEqual(['jh001', 'jh002', 'jh003', 'jh004', 'jh005']);
    expect(rows.every((r) => r.warehouseId === 21 && r.status === 1)).toBe(true);

    const bound = await t.json(wh, 'POST', `${AREA}/bind`, {
      warehouseId: 21,
      pickZone: 2,
      pickerId: ids.get('wh001'),
    });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(bound.body.data).toMatchObject({ pickerName: '王仓管', pickerAccount: 'wh001', status: 1 });
    // An employee of another warehouse (jh006, 广州) is no picker of 杭州中心大仓.
    const foreign = await t.json(wh, 'POST', `${AREA}/bind`, {
      warehouseId: 21,
      pickZone: 1,
      pickerId: ids.get('jh006'),
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.result.msg).toBe('所选拣货员不是该仓库的在职员工');
    const twice = await t.json(wh, 'POST', `${AREA}/bind`, {
      warehouseId: 21,
      pickZone: 2,
      pickerId: ids.get('wh001'),
    });
    expect(twice.status).toBe(409);
    expect(twice.body.result.msg).toBe('该拣货员已绑定此仓库的该拣货区域');

    const moved = await t.json(wh, 'POST', `${AREA}/update`, { id: bound.body.data.id, pickZone: 3 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.pickZone).toBe(3);
    const unbound = await t.json(wh, 'POST', `${AREA}/unbind/${bound.body.data.id}`);
    expect(unbound.body.data.status).toBe(0);
  });

  it('assigns a pick order only to a picker bound to its zone, by reference', async () => {
    const orders = await pickOrders([1]);
    const pick = orders.get(1)!;
    expect(pick.status).toBe(10);
    const wrong = await t.json(wh, 'POST', `${PICK}/assignPicker/${pick.id}`, { pickerId: ids.get('jh002') });
    expect(wrong.status).toBe(400);
    expect(wrong.body.result.msg).toBe('该拣货员未绑定杭州中心大仓的陈列区，不能分配或领取该区域的拣货单');
    const none = await t.json(wh, 'POST', `${PICK}/assignPicker/${pick.id}`, {});
    expect(none.status).toBe(400);
    expect(none.body.result.msg).toBe('请选择拣货员');
    const right = await t.json(wh, 'POST', `${PICK}/assignPicker/${pick.id}`, { pickerId: ids.get('jh001') });
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.data).toMatchObject({ status: 20, pickerId: ids.get('jh001'), pickerName: '赵拣货' });
    // Reassigned (still 待拣货) to the zone's other picker: his name comes from his binding.
    const again = await t.json(wh, 'POST', `${PICK}/assignPicker/${pick.id}`, { pickerId: ids.get('jh004') });
    expect(again.body.data).toMatchObject({ pickerId: ids.get('jh004'), pickerName: '李拣货' });
  });

  it('自动分配 gives each order the least-loaded picker of its zone and reports the zones without one', async () => {
    const a = await pickOrders([1, 3]);
    const b = await pickOrders([1]);
    const c = await pickOrders([1]);
    // 存储区 of 杭州中心大仓 loses its only picker (jh003; wh001's binding was undone above).
    const db = t.database.db;
    await db
      .updateTable('pickerArea' as never)
      .set({ status: 0 } as never)
      .where('pickZone' as never, '=', 3 as never)
      .execute();
    const before = await loads();
    const zone1 = [ids.get('jh001')!, ids.get('jh004')!];
    const expected: number[] = [];
    const load = new Map(zone1.map((id) => [id, before.get(id) ?? 0]));
    for (let i = 0; i < 3; i++) {
      const best = [...zone1].sort((x, y) => load.get(x)! - load.get(y)! || x - y)[0]!;
      expected.push(best);
      load.set(best, load.get(best)! + 1);
    }
    const batch = [a.get(1)!, a.get(3)!, b.get(1)!, c.get(1)!].map((p) => p.id);
    const res = await t.json(wh, 'POST', `${PICK}/batch/autoAssign`, { ids: batch });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.count).toBe(3);
    expect(res.body.data.skipped).toEqual([
      {
        id: a.get(3)!.id,
        name: `拣货单【${String(a.get(3)!.pickOrderCode)}】`,
        msg: '杭州中心大仓的存储区没有绑定拣货员，未分配',
      },
    ]);
    const after = async (id: unknown) =>
      (await t.json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${String(id)}`)).body.data as Row;
    const got = [];
    for (const p of [a.get(1)!, b.get(1)!, c.get(1)!]) {
      const row = await after(p.pickOrderCode);
      expect(row.status).toBe(20);
      got.push(row.pickerId);
    }
    expect(got).toEqual(expected);
    expect((await after(a.get(3)!.pickOrderCode)).status).toBe(10);
  });

  it('a picker sees the unassigned orders of his zones and claims one; of two claims one wins', async () => {
    const orders = await pickOrders([1, 2]);
    const jh4 = await t.login('jh004');
    const jh1 = await t.login('jh001');
    const jh2 = await t.login('jh002');
    const mine = await t.json(jh4, 'POST', CLAIMABLE, { pageNo: 1, pageSize: 500 });
    expect(mine.status).toBe(200);
    const rows = mine.body.data.list as Row[];
    expect(rows.map((r) => r.id)).toContain(orders.get(1)!.id);
    expect(rows.map((r) => r.id)).not.toContain(orders.get(2)!.id);
    expect(rows.every((r) => r.warehouseId === 21 && r.pickZone === 1 && r.status === 10)).toBe(true);
    // Headquarters binds no zone: its claim list is empty.
    const hq = await t.json(await t.login('hq001'), 'POST', CLAIMABLE, { pageNo: 1, pageSize: 5 });
    expect(hq.body.data.total).toBe(0);

    const notMine = await t.json(jh2, 'POST', `${PICK}/claimPickOrder/${orders.get(1)!.id}`);
    expect(notMine.status).toBe(400);
    expect(notMine.body.result.msg).toBe('该拣货员未绑定杭州中心大仓的陈列区，不能分配或领取该区域的拣货单');

    const both = await Promise.all(
      [jh1, jh4].map((token) => t.json(token, 'POST', `${PICK}/claimPickOrder/${orders.get(1)!.id}`)),
    );
    const won = both.filter((r) => r.status === 200);
    const lost = both.filter((r) => r.status !== 200);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.status).toBe(409);
    expect(lost[0]!.body.result.msg).toBe(
      `拣货单【${String(orders.get(1)!.pickOrderCode)}】当前状态为“待拣货”，不能执行“领取”操作`,
    );
    expect([ids.get('jh001'), ids.get('jh004')]).toContain(won[0]!.body.data.pickerId);
    expect(['赵拣货', '李拣货']).toContain(won[0]!.body.data.pickerName);
    const again = await t.json(jh4, 'POST', CLAIMABLE, { pageNo: 1, pageSize: 500 });
    expect((again.body.data.list as Row[]).map((r) => r.id)).not.toContain(orders.get(1)!.id);
  });

  it('store users are refused picker areas, assignment and claims', async () => {
    const clerk = await t.login('e00007');
    const orders = await pickOrders([2]);
    for (const token of [md, clerk]) {
      expect((await t.json(token, 'POST', `${AREA}/list`, { pageNo: 1, pageSize: 5 })).status).toBe(401);
      const bind = await t.json(token, 'POST', `${AREA}/bind`, {
        warehouseId: 21,
        pickZone: 1,
        pickerId: ids.get('jh002'),
      });
      expect(bind.status).toBe(401);
      expect((await t.json(token, 'POST', CLAIMABLE, { pageNo: 1, pageSize: 5 })).status).toBe(401);
      const claim = await t.json(token, 'POST', `${PICK}/claimPickOrder/${orders.get(2)!.id}`);
      expect(claim.status).toBe(401);
      const auto = await t.json(token, 'POST', `${PICK}/batch/autoAssign`, { ids: [orders.get(2)!.id] });
      expect(auto.status).toBe(401);
    }
    expect(
      (await t.json(wh, 'GET', `${PICK}/findPickOrderAndItemsByCode/${String(orders.get(2)!.pickOrderCode)}`))
        .body.data.status,
    ).toBe(10);
  });

  it('the demo night allocated its pick orders to bound pickers of their zones', async () => {
    const { rows } = await sql<{ n: string; bad: string }>`
      select count(*) as n,
        count(*) filter (where not exists (select 1 from picker_area a where a.picker_id = p.picker_id
          and a.warehouse_id = p.warehouse_id and a.pick_zone = p.pick_zone)) as bad
      from pick_order p where p.warehouse_id > 0 and p.picker_id is not null
        and p.store_order_code not in (select order_code from store_order where create_time > now() - interval '1 hour')`.execute(
      t.database.db,
    );
    expect(Number(rows[0]!.n)).toBeGreaterThan(10);
    expect(Number(rows[0]!.bad)).toBe(0);
  });
});
