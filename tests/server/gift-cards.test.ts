import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../server/resources/context';
import { runSchedulePass } from '../../server/services/schedules';
import { luhnCheckDigit, luhnValid } from '../../src/schema/luhn';
import { createTestApp, type TestApp } from '../fixtures/app';

const BATCH = '/api/v1/marketing/giftCardBatch';
const CARD = '/api/v1/marketing/giftCard';
const TXN = '/api/v1/marketing/giftCardTxn';
const EXPORT = '/api/v1/export';

type Row = Record<string, unknown>;

const MASKED_CARD = /^8800\*{8}\d{4}$/;
const FULL_CARD = /^8800\d{12}$/;

/** Any trace of a secret in an answer: the field, or a scrypt hash anywhere in it. */
const leaksSecret = (value: unknown) => /secretHash|scrypt\$/.test(JSON.stringify(value));

// Issue 17.5: gift cards. A batch's 发行 makes its cards (Luhn-checked numbers, secrets kept only as
// hashes and never answered); a card is sold, activated, consumed (never below 0, exactly), voided
// or expired by the schedule, each step server-enforced and written to its ledger; its number and
// buyer are masked without giftCard:unmask, and exporting needs giftCard:export and is logged.
describe('gift cards', () => {
  let t: TestApp;
  let hq: string;
  let manager: string;
  let fin: string;
  let engine: Engine;
  beforeAll(async () => {
    t = await createTestApp();
    hq = await t.login('hq001');
    // 杭州文三路店's manager (store 11): sells, activates and takes consumptions.
    manager = await t.login('md001');
    // Finance reads the pages, holds neither giftCard:export nor giftCard:unmask.
    fin = await t.login('tip001');
    engine = t.engine();
  }, 60_000);
  afterAll(() => t.close());

  const card = async (id: number, token = hq) =>
    (await t.json(token, 'GET', `${CARD}/detail/${id}`)).body.data as Row;
  const cardsOf = async (batchId: number, token = hq) =>
    (await t.json(token, 'POST', `${CARD}/findByPage`, { pageSize: 100, batchId })).body.data.list as Row[];
  const act = (action: string, id: number, token = hq, body: Row = {}) =>
    t.json(token, 'POST', `${CARD}/${action}/${id}`, body);
  const sell = (id: number, token = manager) =>
    act('sell', id, token, { customerName: '赵敏', customerPhone: '13600001111' });
  const txnsOf = async (cardId: number) =>
    (await t.json(hq, 'POST', `${TXN}/findByPage`, { pageSize: 100, cardId })).body.data.list as Row[];
  const balanceInDb = async (id: number) => {
    const { rows } = await sql<{ b: string }>`select balance as b from gift_card where id = ${id}`.execute(
      t.database.db,
    );
    return rows[0]!.b;
  };

  /** A new batch issued by headquarters: its id and its cards' ids. */
  async function issuedBatch(faceValue: number, quantity: number, validTo = '2027-12-31') {
    const made = await t.json(hq, 'POST', `${BATCH}/add`, {
      name: `测试卡${faceValue}`,
      faceValue,
      quantity,
      validTo,
    });
    expect(made.status).toBe(200);
    const batchId = made.body.data.id as number;
    expect(made.body.data).toMatchObject({ status: 10, cardCount: 0 });
    const issued = await t.json(hq, 'POST', `${BATCH}/issue/${batchId}`);
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({ status: 20, cardCount: quantity });
    const ids = (await cardsOf(batchId)).map((c) => c.id as number).sort((a, b) => a - b);
    return { batchId, ids };
  }

  /** A card sold and activated: balance = face value. */
  async function activeCard(faceValue: number) {
    const { ids } = await issuedBatch(faceValue, 1);
    expect((await sell(ids[0]!)).status).toBe(200);
    expect((await act('activate', ids[0]!, manager)).status).toBe(200);
    return ids[0]!;
  }

  const consume = async (cardId: number, amount: number, token = manager) =>
    t.json(token, 'POST', `${TXN}/consume`, { cardId, amount, orderCode: `POS${Date.now()}` });
  const confirm = (id: number, token = manager) => t.json(token, 'POST', `${TXN}/confirm/${id}`);

  it('computes the Luhn check digit', () => {
    expect(luhnCheckDigit('7992739871')).toBe('3');
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(luhnValid('4539578763621486')).toBe(true);
  });

  it('seeds batches and cards in several statuses, every number Luhn-checked, every secret a distinct hash', async () => {
    const { rows: batches } = await sql<{ status: number }>`
      select distinct status from gift_card_batch`.execute(t.database.db);
    expect(batches.map((b) => b.status).sort()).toEqual([10, 20]);
    const { rows } = await sql<{ cardNo: string; secretHash: string; status: number }>`
      select card_no as "cardNo", secret_hash as "secretHash", status from gift_card`.execute(t.database.db);
    expect(rows.length).toBe(18);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set([0, 20, 40, 50]));
    for (const r of rows) {
      expect(r.cardNo).toMatch(FULL_CARD);
      expect(luhnValid(r.cardNo)).toBe(true);
      expect(r.secretHash).toMatch(/^scrypt\$/);
    }
    expect(new Set(rows.map((r) => r.secretHash)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.cardNo)).size).toBe(rows.length);
  });

  it('issuing makes the cards once; the secret is never answered or audited', async () => {
    const { batchId, ids } = await issuedBatch(88.8, 5);
    expect(ids).toHaveLength(5);
    const list = await cardsOf(batchId);
    for (const c of list) {
      expect(c).toMatchObject({ status: 20, faceValue: 88.8, balance: 88.8, validTo: '2027-12-31' });
      expect(luhnValid(c.cardNo as string)).toBe(true);
      expect(c).not.toHaveProperty('secretHash');
    }
    expect(leaksSecret(list)).toBe(false);
    expect(leaksSecret(await card(ids[0]!))).toBe(false);
    // Issued: neither issued again nor edited.
    expect((await t.json(hq, 'POST', `${BATCH}/issue/${batchId}`)).status).toBe(409);
    const edit = await t.json(hq, 'POST', `${BATCH}/update`, { id: batchId, quantity: 50 });
    expect(edit.status).toBe(409);
    expect((await cardsOf(batchId)).length).toBe(5);
    // The audit images hold no hash.
    const { rows: audits } = await sql<{ before: unknown; after: unknown; changes: string | null }>`
      select before, after, changes from audit_log where entity = 'giftCard'`.execute(t.database.db);
    expect(audits.length).toBeGreaterThan(0);
    expect(leaksSecret(audits)).toBe(false);
    // A batch of more than 1000 cards is refused before anything is made.
    const huge = await t.json(hq, 'POST', `${BATCH}/add`, {
      name: '超量',
      faceValue: 1,
      quantity: 1001,
      validTo: '2027-01-01',
    });
    expect(huge.status).toBe(400);
    expect(huge.body.result.msg).toBe('一个批次最多发行1000张');
  });

  it('enforces sale, activation and void on the server', async () => {
    const { ids } = await issuedBatch(100, 4);
    const [a, b, c] = ids as [number, number, number];
    // Cannot activate an unsold card.
    const early = await act('activate', a, manager);
    expect(early.status).toBe(409);
    expect(early.body.result.msg).toContain('待售卖');
    // A sale needs the buyer.
    expect((await act('sell', a, manager, {})).status).toBe(400);
    const sold = await sell(a);
    expect(sold.status).toBe(200);
    expect(sold.body.data).toMatchObject({ status: 40, saleStoreId: 11 });
    expect((await sell(a)).status).toBe(409);
    expect((await act('activate', a, manager)).body.data).toMatchObject({ status: 50, balance: 100 });
    // Double activation refused.
    const again = await act('activate', a, manager);
    expect(again.status).toBe(409);
    expect(again.body.result.msg).toContain('已激活');
    // An activated card is not voided; a void card is not sold.
    expect((await act('void', a, hq, { voidReason: '测试' })).status).toBe(409);
    expect((await act('void', b, hq, {})).status).toBe(400);
    expect((await act('void', b, hq, { voidReason: '卡面破损' })).body.data).toMatchObject({ status: 0 });
    const soldVoid = await sell(b);
    expect(soldVoid.status).toBe(409);
    expect(soldVoid.body.result.msg).toContain('已作废');
    // The store does not void, finance neither sells nor activates (E0401).
    const noVoid = await act('void', c, manager, { voidReason: 'x' });
    expect(noVoid.status).toBe(401);
    expect(noVoid.body.result.code).toBe('E0401');
    expect((await sell(c, fin)).status).toBe(401);
    // Each step is in the ledger.
    const ledger = (await txnsOf(a)).map((x) => [x.txnType, x.amount, x.status]);
    expect(ledger.sort()).toEqual([
      [1, 100, 1],
      [2, 100, 1],
    ]);
    expect((await txnsOf(b)).map((x) => x.txnType)).toEqual([4]);
  });

  it('a card sold to a member names him and is listed in his detail', async () => {
    const { ids } = await issuedBatch(100, 1);
    const { rows } = await sql<{ id: number; code: string }>`
      select id, member_code as code from member where status = 1 and store_id = 11 order by id limit 1`.execute(
      t.database.db,
    );
    const member = rows[0]!;
    const sold = await act('sell', ids[0]!, manager, {
      memberId: member.id,
      customerName: '会员本人',
      customerPhone: '13600002222',
    });
    expect(sold.status).toBe(200);
    expect(await card(ids[0]!)).toMatchObject({ memberId: member.id, memberCode: member.code, status: 40 });
    const listed = await t.json(hq, 'POST', `${CARD}/findByPage`, { pageSize: 10, memberId: member.id });
    expect((listed.body.data.list as Row[]).map((c) => c.id)).toContain(ids[0]);
    // A member who is not active is refused, as in every member picker.
    const { ids: more } = await issuedBatch(100, 1);
    const { rows: off } = await sql<{ id: number }>`
      select id from member where status = 0 order by id limit 1`.execute(t.database.db);
    const refused = await act('sell', more[0]!, manager, {
      memberId: off[0]!.id,
      customerName: '停用会员',
      customerPhone: '13600003333',
    });
    expect(refused.status).toBe(400);
  });

  it('moves a card once when two activations race', async () => {
    const { ids } = await issuedBatch(60, 1);
    const id = ids[0]!;
    await sell(id);
    const answers = await Promise.all([act('activate', id, manager), act('activate', id, hq)]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect((await txnsOf(id)).filter((x) => x.txnType === 2)).toHaveLength(1);
    expect(await card(id)).toMatchObject({ status: 50, balance: 60 });
  });

  it('consumes exactly and never below zero', async () => {
    const id = await activeCard(88.8);
    const first = await consume(id, 30.1);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ txnType: 3, status: 0, amount: 30.1 });
    // Nothing moves before the confirmation.
    expect(await balanceInDb(id)).toBe('88.80');
    const done = await confirm(first.body.data.id as number);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 1, balanceAfter: 58.7 });
    // Ten cents three times: 58.40 exactly, no floating-point drift.
    for (let i = 0; i < 3; i++) {
      const small = await consume(id, 0.1);
      expect((await confirm(small.body.data.id as number)).status).toBe(200);
    }
    expect(await balanceInDb(id)).toBe('58.40');
    expect((await card(id)).balance).toBe(58.4);
    // More than the balance: refused naming the shortfall, nothing taken.
    const big = await consume(id, 58.41);
    const refused = await confirm(big.body.data.id as number);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toContain('还差0.01');
    expect(await balanceInDb(id)).toBe('58.40');
    // Two consumptions of 40 confirmed at once: only one passes.
    const x = await consume(id, 40);
    const y = await consume(id, 40);
    const raced = await Promise.all([
      confirm(x.body.data.id as number),
      confirm(y.body.data.id as number, hq),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await balanceInDb(id)).toBe('18.40');
    // The whole balance can be used, to 0.
    const rest = await consume(id, 18.4);
    expect((await confirm(rest.body.data.id as number)).body.data.balanceAfter).toBe(0);
    // Not a cent more, nor zero, nor from a card that is not activated.
    expect((await confirm((await consume(id, 0.01)).body.data.id as number)).status).toBe(409);
    expect((await consume(id, 0)).status).toBe(400);
    const { ids } = await issuedBatch(10, 1);
    const unsold = await consume(ids[0]!, 1);
    expect(unsold.status).toBe(400);
    expect(unsold.body.result.msg).toBe('只有已激活的礼品卡可以消费');
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from gift_card where balance < 0`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
  });

  it('expires cards past their last day by the schedule, with a ledger row', async () => {
    const { rows: due } = await sql<{ id: number; status: number }>`
      select id, status from gift_card where valid_to < current_date and status in (20, 40, 50)`.execute(
      t.database.db,
    );
    // The seeded 50-yuan batch ended before the anchor.
    expect(due.length).toBeGreaterThan(0);
    const fresh = await activeCard(20);
    // A consumption entered while its card was active, confirmed after the card expired, is refused.
    const late = await activeCard(15);
    const pending = (await consume(late, 5)).body.data.id as number;
    await sql`update gift_card set valid_to = current_date - 1 where id = ${late}`.execute(t.database.db);
    due.push({ id: late, status: 50 });
    // Its system transition has no door of its own.
    expect((await act('expire', due[0]!.id)).status).toBe(409);
    const pass = await runSchedulePass(engine, new Date());
    expect(pass.byResource.giftCard).toBe(due.length);
    for (const d of due) {
      const c = await card(d.id);
      expect(c.status).toBe(60);
      expect(c.expireTime).toBeTruthy();
      expect((await txnsOf(d.id)).some((x) => x.txnType === 5)).toBe(true);
    }
    expect((await card(fresh)).status).toBe(50);
    // An expired card is not consumed.
    expect((await consume(due[0]!.id, 1)).status).toBe(400);
    const refused = await confirm(pending);
    expect(refused.status).toBe(409);
    expect(refused.body.result.msg).toBe('礼品卡未激活或已失效（已过期、已作废），不能扣款');
    expect(await balanceInDb(late)).toBe('15.00');
  });

  it('masks card numbers and buyers without giftCard:unmask; the whole number finds the card', async () => {
    const id = await activeCard(30);
    const full = await card(id);
    expect(full.cardNo).toMatch(FULL_CARD);
    expect(full).toMatchObject({ customerName: '赵敏', customerPhone: '13600001111' });
    for (const token of [fin, manager]) {
      const masked = await card(id, token);
      expect(masked.cardNo).toMatch(MASKED_CARD);
      expect(masked.customerName).toBe('赵*');
      expect(masked.customerPhone).toBe('136****1111');
      const list = (await t.json(token, 'POST', `${CARD}/findByPage`, { pageSize: 100 })).body.data
        .list as Row[];
      expect(list.length).toBeGreaterThan(0);
      for (const c of list) expect(c.cardNo).toMatch(MASKED_CARD);
      const found = await t.json(token, 'POST', `${CARD}/findByPage`, { cardNo: full.cardNo });
      expect(found.body.data.list.map((c: Row) => c.id)).toEqual([id]);
      // The ledger copies the number masked too.
      for (const x of await (async () =>
        (await t.json(token, 'POST', `${TXN}/findByPage`, { pageSize: 50, cardId: id })).body.data
          .list as Row[])())
        expect(x.cardNo).toMatch(MASKED_CARD);
    }
    // The store lists only the ledger rows it made.
    const mine = (await t.json(manager, 'POST', `${TXN}/findByPage`, { pageSize: 200 })).body.data
      .list as Row[];
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((x) => x.storeId === 11)).toBe(true);
  });

  /** Starts an export of the card list and reads the finished file's rows by column title. */
  async function exportCards(token: string, batchId: number) {
    const created = await t.json(token, 'POST', `${EXPORT}/jobs`, {
      page: 'admin/giftCardList',
      filters: { batchId },
    });
    if (created.status !== 200) return { created };
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
    const titles = (sheet.getRow(1).values as unknown[]).map(String);
    const rows: string[][] = [];
    for (let i = 2; i <= sheet.rowCount; i++)
      rows.push((sheet.getRow(i).values as unknown[]).map((v) => String(v ?? '')));
    return { created, titles, rows };
  }

  it(
    'exports a batch only with giftCard:export, logged, never with a secret',
    { timeout: 90_000 },
    async () => {
      const { batchId } = await issuedBatch(66, 3);
      const refused = await exportCards(fin, batchId);
      expect(refused.created.status).toBe(401);
      expect(refused.created.body.result.code).toBe('E0401');
      const refusedLog = await t.database.db
        .selectFrom('auditLog')
        .select(['result', 'errorCode'])
        .where('account', '=', 'tip001')
        .where('entity', 'like', '%export%')
        .execute();
      expect(refusedLog).toContainEqual({ result: 0, errorCode: 'E0401' });
      const done = await exportCards(hq, batchId);
      expect(done.created.status).toBe(200);
      const at = done.titles!.indexOf('卡号');
      expect(at).toBeGreaterThan(0);
      expect(done.rows!).toHaveLength(3);
      for (const r of done.rows!) expect(luhnValid(r[at]!)).toBe(true);
      expect(done.titles!.some((x) => x.includes('卡密'))).toBe(false);
      expect(leaksSecret(done.rows)).toBe(false);
      const logged = await t.database.db
        .selectFrom('auditLog')
        .select(['entity', 'title', 'after'])
        .where('action', '=', 'export')
        .where('account', '=', 'hq001')
        .execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ entity: 'giftCard', title: '导出礼品卡' });
      expect(JSON.stringify(logged[0]!.after)).toContain(String(batchId));
    },
  );

  it('keeps batch management at headquarters', async () => {
    const add = await t.json(manager, 'POST', `${BATCH}/add`, {
      name: 'x',
      faceValue: 1,
      quantity: 1,
      validTo: '2027-01-01',
    });
    expect(add.status).toBe(401);
    expect(add.body.result.code).toBe('E0401');
    const listed = await t.json(fin, 'POST', `${BATCH}/findByPage`, { pageSize: 20 });
    expect(listed.status).toBe(200);
    expect(listed.body.data.total).toBeGreaterThanOrEqual(4);
  });
});
