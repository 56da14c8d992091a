import type { Database } from '../db/index';
import type { Actor, Engine } from '../resources/context';
import { sql } from 'kysely';
import { findRow } from '../resources/rows';
import { type AnyDb, dynamic } from '../resources/sql/db';
import { columnOf } from '../resources/sql/select';
import type { Catalog } from '../../src/schema/types';
import { WorkflowRuntime } from './runtime';

/** The user of an applicant field, as the actor who submitted (his home organisation). */
async function userActor(trx: AnyDb, id: number): Promise<Actor | undefined> {
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
 * document that already has an approval is left alone. Quiet: no notice per seeded task.
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
  const runtime = new WorkflowRuntime(
    engine,
    () => Promise.reject(new Error('seeding runs no document transition')),
    true,
  );
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
        for (const { id } of waiting) {
          const doc = await findRow(trx, r, r.primaryKey, id);
          if (!doc) continue;
          const by = w.submitterField ? await userActor(trx, Number(doc[w.submitterField])) : undefined;
          await runtime.entered(trx, r, doc, by ?? actor);
        }
      }
    });
}
