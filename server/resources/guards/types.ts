import type { Actor } from '../context';
import type { AnyDb } from '../sql/db';

/** Which engine writes a guard watches: a resource, the kind of write, and (optionally) its name. */
export interface GuardWatch {
  resource: string;
  kind: 'transition' | 'delete' | 'relation';
  /** The transition or relation name; absent = every one of that kind. */
  name?: string;
}

/**
 * A rule over the whole database that a write must not break, checked by the engine inside the
 * write's own transaction: `before` reads what it needs first, the write runs, `after` answers a
 * Chinese refusal (the transaction then rolls back) or null. The advisory lock (per guard) makes two
 * concurrent writes take turns, so neither can pass because it still sees the row the other removes.
 */
export interface WriteGuard<State = unknown> {
  name: string;
  lockKey: number;
  watches: GuardWatch[];
  before(trx: AnyDb, actor: Actor): Promise<State>;
  after(trx: AnyDb, actor: Actor, before: State): Promise<string | null>;
}
