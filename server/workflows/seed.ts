import type { Database } from '../db/index';
import type { Actor, Engine } from '../resources/context';
import { applyTransition } from '../resources/handlers/transition';
import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { findRow } from '../resources/rows';
import { type AnyDb, dynamic } from '../resources/sql/db';
import { columnOf } from '../resources/sql/select';
import type { Catalog } from '../../src/schema/types';
import { attachWorkflows } from './engine';

/** The user of an applicant field, as the actor who submitted (his home organisation). */
export async function userActor(trx: AnyDb, id: number): Promise<Actor | undefined> {
  const u = await trx
    .selectFrom('app_user')
    .select(['id', 'account', 'realName', 'orgId'])
    .where('id', '=', id)
    .executeTakeFirst();
  return u && { userId: u.id, account: u.account, realName: u.realName, requestId: 'seed', orgId: u.orgId };
}

/** Who submitted the seeded documents that wait for approval (DESIGN.md 3: warehouse staff). */
const SEED_SUBMITTER = 'wh001';

/**
 * Demo data: every seeded document that waits in a workflow's pending state gets its approval, as if
 * submitted through the engine, so the approval centre has tasks on the first start. Idempotent: a
 * document that already has an approval is left alone. Quiet: no notice per seeded task. Some of
 * them are then decided through the engine (progress), so the demo shows approvals at every step,
 * finished ones with their timelines, and documents that passed or were sent back.
 */
export async function seedApprovals(db: Database, catalog: Catalog): Promise<void> {
  if (!catalog.workflows.size) return;
  const user = await db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName', 'orgId'])
    .where('account', '=', SEED_SUBMITTER)
    .executeTakeFirst();
  if (!user) return;
  const engine: Engine = { db, catalog, keys: undefined as never };
  const runtime = attachWorkflows(engine, { quiet: true });
  const actor = {
    userId: user.id,
    account: user.account,
    realName: user.realName,
    requestId: 'seed',
    orgId: user.orgId,
  };
  await dynamic(db)
    .transaction()
    .execute(async (trx) => {
      for (const w of catalog.workflows.values()) {
        const r = catalog.resources.get(w.resource)!;
        const pk = columnOf(r.fields, r.primaryKey);
        const waiting = await trx
          .selectFrom(`${r.table} as t`)
          .select(sql.ref(`t.${pk}`).as('id'))
          .where(`t.${columnOf(r.fields, r.states!.field)}`, '=', w.pendingState)
          .where(
            sql<boolean>`not exists (select 1 from approval_instance a where a.resource = ${r.name} and a.document_id = ${sql.ref(`t.${pk}`)}::text)`,
          )
          .orderBy(`t.${pk}`)
          .execute();
        const started: number[] = [];
        for (const { id } of waiting) {
          const doc = await findRow(trx, r, r.primaryKey, id);
          if (!doc) continue;
          const by = w.submitterField ? await userActor(trx, Number(doc[w.submitterField])) : undefined;
          await runtime.entered(trx, r, doc, by ?? actor);
          started.push(Number(id));
        }
        await progress(engine, trx, r.name, started);
      }
    });
}

const COMMENTS = ['同意', '情况属实，同意', '金额与票据不符，请补充说明后重新提交'];

/**
 * Deterministic decisions on the approvals just started, by their order: every third moves one step
 * on, every fifth goes through to the end, every seventh is rejected at its first step. Each decision
 * is the engine's own transition of the task, by its assignee, so side effects happen as in use.
 */
async function progress(engine: Engine, trx: AnyDb, resource: string, ids: number[]): Promise<void> {
  const task = engine.catalog.resources.get('approvalTask')!;
  const approve = task.states!.transitions.find((t) => t.name === 'approve')!;
  const reject = task.states!.transitions.find((t) => t.name === 'reject')!;
  const allow = async () => {};
  const decide = async (documentId: number, rejecting: boolean): Promise<boolean> => {
    const open = await trx
      .selectFrom('approval_task as k')
      .innerJoin('approval_instance as a', 'a.id', 'k.instance_id')
      .select(['k.id as id', 'k.user_id as userId'])
      .where('a.resource', '=', resource)
      .where('a.document_id', '=', String(documentId))
      .where('k.status', '=', 0)
      .orderBy('k.id')
      .executeTakeFirst();
    if (!open) return false;
    const by = await userActor(trx, Number(open.userId));
    if (!by) return false;
    // A decision the document refuses (the last approval of a pick of more than is left: 409) is not
    // taken, as it would not be for a user: the approval stays open. The savepoint keeps the seed's
    // transaction usable on PostgreSQL after the refused statement.
    await sql`savepoint seed_decision`.execute(trx);
    try {
      await applyTransition(
        engine,
        trx,
        task,
        rejecting ? reject : approve,
        { field: 'id', value: open.id },
        { comment: rejecting ? COMMENTS[2] : COMMENTS[documentId % 2] },
        by,
        allow,
      );
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409)) throw e;
      await sql`rollback to savepoint seed_decision`.execute(trx);
      return false;
    }
    await sql`release savepoint seed_decision`.execute(trx);
    return true;
  };
  for (const [i, id] of ids.entries()) {
    if (i % 7 === 3) await decide(id, true);
    else if (i % 5 === 2) while (await decide(id, false));
    else if (i % 3 === 1) await decide(id, false);
  }
}
