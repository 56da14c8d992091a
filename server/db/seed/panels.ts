import { sql } from 'kysely';
import type { Database } from '../index';
import { seedPanelMessages } from './panels-messages';
import { commodities, prng, seedNow, staff, stores } from './resources-catalogue';

/**
 * Demo rows of the layout's panels and centres (issue 6): printers of both versions, download-centre
 * apps with versions on two operating systems, a commodity price list big enough for the export
 * centre (7 stores × 240 commodities × 3 price types = 5,040 rows), and a few messages. Dated before
 * the seed anchor; deterministic for an anchor.
 */
const DAY = 86_400_000;
const BATCH = 400;

async function seedPrinters(db: Database, now: number): Promise<void> {
  const rng = prng(20260601);
  const places = ['仓库一楼', '仓库二楼', '收货区', '拣货区', '打包台', '财务室', '门店前台', '门店后仓'];
  const kinds = ['标签机', '针式打印机', '激光打印机', '热敏打印机'];
  const v1 = Array.from({ length: 30 }, (_, i) => ({
    version: 1,
    printerName: `${places[i % places.length]}${kinds[i % kinds.length]}-${String(i + 1).padStart(2, '0')}`,
    createTime: new Date(now - (30 - i) * DAY).toISOString(),
  }));
  const statuses = ['空闲', '打印中', '缺纸', '卡纸'];
  const v2 = Array.from({ length: 24 }, (_, i) => {
    const online = rng.next() < 0.7 ? 1 : 0;
    return {
      version: 2,
      printerName: `PS-${places[i % places.length]}-${kinds[(i + 1) % kinds.length]}${String(i + 1).padStart(2, '0')}`,
      department: stores[i % stores.length]!.name,
      employeeCode: `e${String((i % 40) + 1).padStart(5, '0')}`,
      employeeName: staff[i % staff.length]!,
      ip: `10.8.${(i % 6) + 1}.${20 + i}`,
      printerRemark: i % 5 === 0 ? '仅打印配送单' : null,
      monitorStatus: online,
      printStatus: online ? rng.pick(statuses) : '离线',
      numberOfJobs: online ? rng.int(0, 12) : 0,
      createTime: new Date(now - (24 - i) * DAY).toISOString(),
    };
  });
  await db
    .insertInto('printer')
    .values([...v1, ...v2])
    .execute();
}

/** Release notes written as the admin would, through the same sanitiser on the way in. */
const notes = (lines: string[]) =>
  `<p><strong>更新内容：</strong></p><ol>${lines.map((l) => `<li>${l}</li>`).join('')}</ol>`;

/** Demo links point at an example host; packages uploaded by the admin are served by this server. */
const link = (app: string, os: string, v: string) =>
  `https://download.fresh.example/${app}/${os.toLowerCase()}/${v}.${os === 'Android' ? 'apk' : os === 'iOS' ? 'ipa' : 'exe'}`;

async function seedApps(db: Database, now: number): Promise<void> {
  const apps = [
    { appName: '鲜丰掌上仓库', deviceName: '手持PDA', slug: 'pda', os: ['Android', 'iOS'], sort: 1 },
    { appName: '鲜丰门店助手', deviceName: '手机/平板', slug: 'store', os: ['Android', 'iOS'], sort: 2 },
    { appName: '鲜丰打印客户端', deviceName: '电脑', slug: 'print', os: ['Windows'], sort: 3 },
  ];
  const history = [
    ['3.2.1', ['修复拣货单扫码偶发卡顿', '优化弱网下的提交重试']],
    ['3.2.0', ['新增出库复核', '拣货任务支持按货架排序']],
    ['3.1.5', ['修复收货数量小数精度问题']],
    ['3.1.0', ['新增调拨入库扫码', '支持批量打印标签']],
  ] as const;
  for (const [i, a] of apps.entries()) {
    const row = await db
      .insertInto('appInfo')
      .values({
        appName: a.appName,
        deviceName: a.deviceName,
        appIconUrl: null,
        sort: a.sort,
        createTime: new Date(now - 200 * DAY).toISOString(),
        updateTime: new Date(now - i * DAY).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const versions = a.os.flatMap((os, o) =>
      history.map(([v, lines], h) => ({
        appId: row.id,
        os,
        appVersion: v,
        // Sizes of the newest builds are known; the oldest build of each system has none ('暂无').
        appSize: h === history.length - 1 ? null : 30_000_000 + i * 9_437_184 + o * 5_242_880 - h * 1_048_576,
        appRemark: notes([...lines]),
        appUrl: link(a.slug, os, v),
        updateTime: new Date(now - (h * 30 + i) * DAY).toISOString(),
        createTime: new Date(now - (h * 30 + i) * DAY).toISOString(),
      })),
    );
    await db.insertInto('appVersion').values(versions).execute();
  }
}

export const PRICE_ROWS = stores.length * commodities.length * 3;

async function seedPrices(db: Database, now: number): Promise<void> {
  const rng = prng(20260602);
  const rows: Record<string, unknown>[] = [];
  for (const store of stores) {
    for (const c of commodities) {
      for (const priceType of [1, 2, 3]) {
        const factor = priceType === 1 ? 1 : priceType === 2 ? 0.95 : 0.8;
        const day = now - rng.int(0, 120) * DAY;
        rows.push({
          storeCode: store.code,
          storeName: store.name,
          commodityCode: c.code,
          commodityName: c.name,
          commoditySpec: c.spec,
          unitName: c.unit,
          priceType,
          price: (Math.round(c.price * factor * 100) / 100).toFixed(2),
          status: rng.weighted({ 1: 85, 0: 10, 2: 5 }),
          effectiveDate: new Date(day + 8 * 3_600_000).toISOString().slice(0, 10),
          updateName: rng.pick(staff),
          updateTime: new Date(day).toISOString(),
        });
      }
    }
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('commodityPrice')
      .values(rows.slice(i, i + BATCH) as never)
      .execute();
  }
}

/** Idempotent: seeds only into empty tables. */
export async function seedPanels(db: Database, anchor: string): Promise<void> {
  const now = seedNow(anchor);
  const count = async (table: 'printer' | 'appInfo' | 'commodityPrice' | 'imMessage') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  if ((await count('printer')) === 0) await seedPrinters(db, now);
  if ((await count('appInfo')) === 0) await seedApps(db, now);
  if ((await count('commodityPrice')) === 0) await seedPrices(db, now);
  if ((await count('imMessage')) === 0) await seedPanelMessages(db, anchor);
}
