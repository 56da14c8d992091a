import { sql } from 'kysely';
import type { Database } from '../db/index';

/** How long a key is remembered (DESIGN.md 3). */
export const KEY_TTL_HOURS = 24;

export interface KeyClaim {
  owner: string;
  key: string;
}

export interface RequestPrint {
  method: string;
  path: string;
  hash: string;
}

export type ClaimOutcome =
  | { kind: 'run' }
  | { kind: 'replay'; status: number; body: string }
  | { kind: 'mismatch' }
  | { kind: 'pending' };

/**
 * One attempt to take a key. The insert wins for exactly one of any number of concurrent callers
 * (primary key); an expired row is taken over by the same statement. The losers read the row.
 */
export async function claimKey(
  db: Database,
  claim: KeyClaim,
  print: RequestPrint,
): Promise<ClaimOutcome | null> {
  const won = await sql<{ owner: string }>`
    insert into idempotency_key (owner, idem_key, method, path, request_hash, state)
    values (${claim.owner}, ${claim.key}, ${print.method}, ${print.path}, ${print.hash}, 'pending')
    on conflict (owner, idem_key) do update
      set method = excluded.method, path = excluded.path, request_hash = excluded.request_hash,
          state = 'pending', http_status = null, response = null, created_at = now()
      where idempotency_key.created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})
    returning owner`.execute(db);
  if (won.rows.length) return { kind: 'run' };
  const found = await sql<{
    method: string;
    path: string;
    hash: string;
    state: string;
    status: number | null;
    body: string | null;
  }>`
    select method, path, request_hash as hash, state, http_status as status, response as body
    from idempotency_key where owner = ${claim.owner} and idem_key = ${claim.key}`.execute(db);
  const row = found.rows[0];
  // Released between the two statements (the first call failed): the caller tries again.
  if (!row) return null;
  if (row.method !== print.method || row.path !== print.path || row.hash !== print.hash)
    return { kind: 'mismatch' };
  if (row.state === 'done' && row.status !== null && row.body !== null)
    return { kind: 'replay', status: row.status, body: row.body };
  return { kind: 'pending' };
}

/** Keeps the answer for the repeats to come. */
export async function storeAnswer(
  db: Database,
  claim: KeyClaim,
  status: number,
  body: string,
): Promise<void> {
  await sql`update idempotency_key set state = 'done', http_status = ${status}, response = ${body}
    where owner = ${claim.owner} and idem_key = ${claim.key}`.execute(db);
}

/** Forgets a key whose call failed: nothing was written, so the same submission may run again. */
export async function releaseKey(db: Database, claim: KeyClaim): Promise<void> {
  await sql`delete from idempotency_key where owner = ${claim.owner} and idem_key = ${claim.key}
    and state = 'pending'`.execute(db);
}

export async function purgeExpiredKeys(db: Database): Promise<void> {
  await sql`delete from idempotency_key
    where created_at < now() - make_interval(hours => ${KEY_TTL_HOURS})`.execute(db);
}
