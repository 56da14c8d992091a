import { sql } from 'kysely';
import { ApiError } from '../../http/envelope';
import type { Actor } from '../context';
import type { AnyDb } from '../sql/db';
import { roleManagementGuard } from './role-management';
import type { GuardWatch, WriteGuard } from './types';

export type { GuardWatch, WriteGuard } from './types';

/** Every guard of the engine. A new rule is one file and one line here. */
export const WRITE_GUARDS: WriteGuard[] = [roleManagementGuard as WriteGuard];

export interface GuardedWrite {
  /** After the write, same transaction: throws 409 E0409 with the first refusal. */
  check(name?: string): Promise<void>;
}

const noGuard: GuardedWrite = { check: async () => {} };

/**
 * Opens the guards watching writes of this kind on this resource: takes their locks and reads their
 * `before` state. Called before the write reads its row; `check` runs after the write, given the
 * transition or relation name (a transition chosen by target state is only known after the read).
 */
export async function openGuards(
  trx: AnyDb,
  resource: string,
  kind: GuardWatch['kind'],
  actor: Actor,
  guards: WriteGuard[] = WRITE_GUARDS,
): Promise<GuardedWrite> {
  const open = guards.filter((g) => g.watches.some((w) => w.resource === resource && w.kind === kind));
  if (!open.length) return noGuard;
  const states: unknown[] = [];
  for (const g of open) {
    await sql`select pg_advisory_xact_lock(${g.lockKey})`.execute(trx);
    states.push(await g.before(trx, actor));
  }
  return {
    async check(name) {
      for (const [i, g] of open.entries()) {
        const watched = g.watches.some(
          (w) => w.resource === resource && w.kind === kind && (w.name === undefined || w.name === name),
        );
        if (!watched) continue;
        const refusal = await g.after(trx, actor, states[i]);
        if (refusal) throw ApiError.conflict(refusal);
      }
    },
  };
}
