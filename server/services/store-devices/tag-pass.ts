import { sql } from 'kysely';
import type { Database } from '../../db/index';
import { dynamic } from '../../resources/sql/db';
import type { DeviceProvider, TagPush } from './provider';

/** tagPushStatus (schemas/enums/tagPushStatus.json). */
export const JOB = { pending: 0, sent: 1, acknowledged: 2, failed: 3, voided: 4 } as const;
/** A job fails for good after this many attempts (a resend starts them afresh). */
export const MAX_ATTEMPTS = 3;
/** Back-off after the n-th failed attempt: 30 s, 60 s, 120 s … */
export const backoffMs = (attempts: number) => 30_000 * 2 ** Math.max(0, attempts - 1);
/** The price a tag shows: the store's retail price (priceType enum: 1 零售价). */
const RETAIL = 1;

interface JobRow {
  id: number;
  tagId: number;
  tagCode: string;
  commodityName: string;
  price: string | number;
  attempts: number;
}

/**
 * One price-tag pass as of `now` (issue 19.3):
 * 1. every tag whose shown price differs from its store's retail price in the price list gets a push job
 *    for that price (unless one is open or has failed for it), and open jobs of an older price are voided —
 *    so an approved price change (whatever schedules it) reaches every tag of that commodity in that store;
 * 2. due pending jobs are handed to the base station (已下发);
 * 3. the tags' confirmations are collected: 已确认 writes the shown price and last contact onto the tag; a
 *    failure waits with back-off and is retried, and fails for good after MAX_ATTEMPTS (the failure list).
 * Each job moves by a conditional update on its state, so a pass repeated, or run by two servers, moves it
 * once.
 */
export async function runTagPass(
  db: Database,
  provider: DeviceProvider,
  now = new Date(),
): Promise<{ created: number; sent: number; acknowledged: number; retried: number; failed: number }> {
  const created = await createJobs(db, now);
  const sent = await sendDue(db, provider, now);
  const acks = await collectAcks(db, provider, now);
  return { created, sent, ...acks };
}

async function createJobs(db: Database, now: Date): Promise<number> {
  const d = dynamic(db);
  // Open jobs of a price the tag no longer needs are voided.
  await sql`update tag_push_job j set status = ${JOB.voided}
    from price_tag t, commodity_price p
    where j.tag_id = t.id and j.status in (${JOB.pending}, ${JOB.sent})
      and p.store_code = t.store_code and p.commodity_code = t.commodity_code and p.price_type = ${RETAIL}
      and j.price <> p.price`.execute(d);
  const res = await sql`insert into tag_push_job
      (tag_id, tag_code, store_id, store_name, shelf_code, commodity_code, commodity_name, price, status,
       attempts, next_attempt_time, create_time)
    select t.id, t.tag_code, t.store_id, t.store_name, t.shelf_code, t.commodity_code, t.commodity_name,
       p.price, ${JOB.pending}, 0, ${now}, ${now}
    from price_tag t
    join commodity_price p on p.store_code = t.store_code and p.commodity_code = t.commodity_code
      and p.price_type = ${RETAIL}
    where t.display_price is distinct from p.price
      and not exists (select 1 from tag_push_job j where j.tag_id = t.id and j.price = p.price
        and j.status in (${JOB.pending}, ${JOB.sent}, ${JOB.failed}))`.execute(d);
  return Number(res.numAffectedRows ?? 0);
}

async function sendDue(db: Database, provider: DeviceProvider, now: Date): Promise<number> {
  const d = dynamic(db);
  const due = (await d
    .selectFrom('tagPushJob')
    .select(['id', 'tagId', 'tagCode', 'commodityName', 'price', 'attempts'])
    .where('status', '=', JOB.pending)
    .where('nextAttemptTime', '<=', now)
    .orderBy('id')
    .limit(500)
    .execute()) as JobRow[];
  let sent = 0;
  for (const job of due) {
    // A job resent by hand after failing for good starts its attempts afresh.
    const attempt = (job.attempts >= MAX_ATTEMPTS ? 0 : job.attempts) + 1;
    const push: TagPush = { ...pushOf(job), attempt };
    const answer = await provider.pushTag(push, now);
    const moved = answer.accepted
      ? await d
          .updateTable('tagPushJob')
          .set({ status: JOB.sent, attempts: attempt, sentTime: now, lastError: null })
          .where('id', '=', job.id)
          .where('status', '=', JOB.pending)
          .executeTakeFirst()
      : await failAttempt(db, job.id, JOB.pending, attempt, answer.error ?? '基站拒绝下发', now);
    if (answer.accepted && Number(moved.numUpdatedRows)) sent++;
  }
  return sent;
}

async function collectAcks(db: Database, provider: DeviceProvider, now: Date) {
  const d = dynamic(db);
  const sentJobs = (await d
    .selectFrom('tagPushJob')
    .select(['id', 'tagId', 'tagCode', 'commodityName', 'price', 'attempts'])
    .where('status', '=', JOB.sent)
    .orderBy('id')
    .limit(500)
    .execute()) as JobRow[];
  const byId = new Map(sentJobs.map((j) => [j.id, j]));
  const acks = await provider.tagAcks(
    sentJobs.map((j) => ({ ...pushOf(j), attempt: j.attempts })),
    now,
  );
  let acknowledged = 0;
  let retried = 0;
  let failed = 0;
  for (const ack of acks) {
    const job = byId.get(ack.jobId);
    if (!job) continue;
    if (ack.ok) {
      const ok = await d.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('tagPushJob')
          .set({ status: JOB.acknowledged, ackTime: now, lastError: null })
          .where('id', '=', job.id)
          .where('status', '=', JOB.sent)
          .executeTakeFirst();
        if (!Number(moved.numUpdatedRows)) return false;
        await trx
          .updateTable('priceTag')
          .set({ displayPrice: job.price, lastSeenTime: now })
          .where('id', '=', job.tagId)
          .execute();
        return true;
      });
      if (ok) acknowledged++;
      continue;
    }
    const outcome = await failAttempt(db, job.id, JOB.sent, job.attempts, ack.error ?? '价签未确认', now);
    if (Number(outcome.numUpdatedRows)) {
      if (job.attempts >= MAX_ATTEMPTS) failed++;
      else retried++;
    }
  }
  return { acknowledged, retried, failed };
}

/** A failed attempt: back to 待下发 after the back-off, or 失败 once the attempts are used up. */
function failAttempt(db: Database, id: number, from: number, attempt: number, error: string, now: Date) {
  const last = attempt >= MAX_ATTEMPTS;
  return dynamic(db)
    .updateTable('tagPushJob')
    .set({
      status: last ? JOB.failed : JOB.pending,
      attempts: attempt,
      lastError: error.slice(0, 100),
      nextAttemptTime: last ? null : new Date(now.getTime() + backoffMs(attempt)),
    })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
}

const pushOf = (j: JobRow): Omit<TagPush, 'attempt'> => ({
  jobId: j.id,
  tagCode: j.tagCode,
  commodityName: j.commodityName,
  price: Number(j.price),
});
