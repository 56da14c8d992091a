import { sql } from 'kysely';
import type { Actor, Engine } from '../../resources/context';
import { ApiError } from '../../http/envelope';
import { applyTransition } from '../../resources/handlers/transition';
import { conditionHolds } from '../../../src/schema/effects';
import { type AnyDb, dynamic } from '../../resources/sql/db';
import { findRow } from '../../resources/rows';
import { columnOf, toApi } from '../../resources/sql/select';
import type { Catalog, ResourceDef } from '../../../src/schema/types';
import type { Database } from '../index';
import { attachWorkflows } from '../../workflows/engine';
import { userActor } from '../../workflows/seed';
import { seedNow } from './resources-catalogue';

/** Who runs the transitions of demo data: the demo headquarters administrator (DESIGN.md 3). */
const SEED_ACTOR = 'hq001';

/**
 * Demo data brought to its state through the engine (seed `run`): for each resource just seeded, its
 * transitions run on the rows they allow, so what a transition does besides changing the state
 * (stock moves and their ledger, effects on other resources) happens as in real use. Deterministic:
 * rows by id (those `where` compares so), `share` picks every row whose position falls in that part.
 */
export async function runSeedTransitions(
  db: Database,
  catalog: Catalog,
  seeded: Record<string, number>,
  /** The seed anchor (YYYY-MM-DD): the engine's clock reads its evening (seedNow), so a rule on the
   * time of day (a store order's 要货时间窗) judges the demo night the same whatever hour it is seeded. */
  anchor?: string,
): Promise<void> {
  const todo = Object.keys(seeded).filter((n) => catalog.seeds.get(n)?.run?.length);
  if (!todo.length) return;
  const user = await db
    .selectFrom('appUser')
    .select(['id', 'account', 'realName', 'orgId'])
    .where('account', '=', SEED_ACTOR)
    .executeTakeFirst();
  if (!user) return;
  const actor: Actor = {
    userId: user.id,
    account: user.account,
    realName: user.realName,
    requestId: 'seed',
    orgId: user.orgId,
  };
  const now = anchor ? () => new Date(seedNow(anchor)) : undefined;
  const engine: Engine = { db, catalog, keys: undefined as never, now };
  // `workflow` runs: a transition into a workflow's pending state starts its approval as the
  // document's submitter, which passes at once when no step applies (and its effects may refuse it).
  const flowing: Engine = { db, catalog, keys: undefined as never, now };
  attachWorkflows(flowing, { quiet: true });
  const allowAll = async () => {};
  for (const name of todo) {
    for (const run of catalog.seeds.get(name)!.run!) {
      // A run may name a resource seeded before this one (orders closed after their receipts).
      const r = catalog.resources.get(run.resource ?? name)!;
      const pk = columnOf(r.fields, r.primaryKey);
      const t = r.states!.transitions.find((x) => x.name === run.transition)!;
      // A transition taking input (维修完成's cost and result) takes the seeded row's own values.
      const inputs = t.input ?? [];
      const where = run.where;
      const found = await dynamic(db)
        .selectFrom(`${r.table} as t`)
        .select([
          sql.ref(`t.${pk}`).as('id'),
          ...inputs.map((n) => sql.ref(`t.${columnOf(r.fields, n)}`).as(n)),
          ...(where ? [sql.ref(`t.${columnOf(r.fields, where.field)}`).as('whereValue')] : []),
        ])
        .where(`t.${columnOf(r.fields, r.states!.field)}`, 'in', t.from)
        .orderBy(`t.${pk}`)
        .execute();
      const rows = where
        ? found.filter((row) =>
            conditionHolds({ ...where, field: 'whereValue' }, row as Record<string, unknown>),
          )
        : found;
      // A row without a value for an input stays where it is (an event nobody was assigned to stays new).
      // Inputs the run gives itself (a cancel's reason) need no value on the row.
      const given = run.input ?? {};
      const needed = inputs.filter((n) => !(t.optional ?? []).includes(n) && !(n in given));
      const ready = rows.filter((row) => needed.every((n) => (row as Record<string, unknown>)[n] != null));
      const share = run.share ?? 1;
      const picked = ready.filter((_, i) => Math.floor((i + 1) * share) > Math.floor(i * share));
      for (const row of picked) {
        const { id } = row as { id: unknown };
        const input = {
          ...toApi(Object.fromEntries(inputs.map((n) => [n, r.fields[n]!])), row as Record<string, unknown>),
          ...given,
        };
        // A row the transition refuses (a pick of more than the warehouse holds) stays where it is, as
        // it would for a user: the demo keeps both.
        const flow = run.workflow
          ? [...catalog.workflows.values()].find((w) => w.resource === r.name)
          : undefined;
        await dynamic(db)
          .transaction()
          .execute(async (trx) => {
            const by =
              (flow?.submitterField ? await submitter(trx, r, id, flow.submitterField) : undefined) ??
              (run.as ? await accountActor(trx, run.as) : undefined);
            return applyTransition(
              flow ? flowing : engine,
              trx,
              r,
              t,
              { field: r.primaryKey, value: id },
              input,
              by ?? actor,
              allowAll,
              { system: true },
            );
          })
          .catch((e: unknown) => {
            if (!(e instanceof ApiError && e.status === 409)) throw e;
          });
      }
    }
  }
}

/** The user a document's submitter field names, as the actor who submits it (his home organisation). */
async function submitter(trx: AnyDb, r: ResourceDef, id: unknown, field: string): Promise<Actor | undefined> {
  const doc = await findRow(trx, r, r.primaryKey, id);
  const userId = Number(doc?.[field]);
  return userId ? userActor(trx, userId) : undefined;
}

/** A demo account as the actor of a run (`as`); a seed naming an account that is not there fails loudly. */
async function accountActor(trx: AnyDb, account: string): Promise<Actor> {
  const user = await trx.selectFrom('appUser').select('id').where('account', '=', account).executeTakeFirst();
  const actor = user ? await userActor(trx, Number(user.id)) : undefined;
  if (!actor) throw new Error(`seed run "as": no user ${account}`);
  return actor;
}
