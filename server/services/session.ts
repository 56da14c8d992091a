import type { SqlBool } from 'kysely';
import type { ServerConfig } from '../config';
import { compiledOnce } from '../db/compiled-once';
import { type Database, isSingleProcess } from '../db/index';
import { ApiError } from '../http/envelope';
import { newToken, sha256Hex } from '../security/keys';
import { actingRoleIds } from './roles';
import type { AuthContext } from '../types';

/** How often last_seen_at is refreshed: once a minute is precise enough for idle expiry, and saves writes. */
const TOUCH_EVERY_MS = 60_000;

/**
 * Opens a session. One live session per account and app: older ones are revoked as 'replaced', so
 * their next call answers W0013 (DESIGN.md, sessions). Only the token's hash is stored.
 */
export async function openSession(
  db: Database,
  config: ServerConfig,
  userId: number,
  appCode: string,
  systemId: number | null,
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('session')
      .set({ revokedAt: now, revokeReason: 'replaced', state: 0 })
      .where('userId', '=', userId)
      .where('appCode', '=', appCode)
      .where('revokedAt', 'is', null)
      .execute();
    await endIdleSessions(trx, config, now);
    await trx
      .insertInto('session')
      .values({
        tokenHash: sha256Hex(token),
        userId,
        appCode,
        systemId,
        expiresAt: new Date(now.getTime() + config.sessionMaxHours * 3600_000),
      })
      .execute();
  });
  // The sessions it replaced answer W0013 from the next call on.
  forgetSessions();
  return token;
}

/**
 * Marks sessions past their idle or maximum time as ended (state 0), so the online-user list shows
 * who is signed in now. Such a session is refused by its times anyway (resolveSession); this only
 * keeps the list honest. It runs with every sign-in (and resolveSession ends the ones it refuses),
 * which bounds how long an abandoned session stays listed without a timer (docs/decisions.md).
 */
export async function endIdleSessions(
  db: Pick<Database, 'updateTable'>,
  config: ServerConfig,
  now = new Date(),
) {
  const idleSince = new Date(now.getTime() - config.sessionIdleMinutes * 60_000);
  await db
    .updateTable('session')
    .set({ state: 0 })
    .where('state', '=', 1)
    .where((eb) => eb.or([eb('lastSeenAt', '<', idleSince), eb('expiresAt', '<', now)]))
    .execute();
}

type SessionRow = {
  id: number;
  userId: number;
  systemId: number | null;
  orgId: number | null;
  lastSeenAt: Date | string;
  expiresAt: Date | string;
  revokedAt: Date | string | null;
  revokeReason: string | null;
  account: string;
  status: number;
  disabledAt: Date | string | null;
  createdAt: Date | string;
  /** Whether the user holds one of the permissions asked for (read with the row on PostgreSQL). */
  granted?: SqlBool;
};

/**
 * Session rows are read on every call. On the embedded database (PGlite, which one process holds, so
 * every write to it passes through here) they are cached per token for a few seconds: the checks
 * (revoked, idle, expiry, user status) still run on every call against the cached row, and every write
 * to sessions (open, revoke, choose organisation, password change) and every audited write to users or
 * roles empties the cache at once (forgetSessions), so logout, kicks and disabled accounts take effect
 * on the next call. On PostgreSQL several server processes may share the database (docs/operations.md):
 * a cache could miss another server's logout or kick, so every call reads its row (docs/decisions.md).
 */
const SESSION_TTL_MS = 5_000;
/** Bounds the cache: a flood of distinct (forged) tokens only ever misses, never grows it past this. */
const SESSION_CACHE_MAX = 10_000;
let sessionGeneration = 0;
const sessionCache = new Map<string, { row: SessionRow; at: number }>();

/** Empties the session cache; call after any write to the session table or to a user's status. */
export function forgetSessions(): void {
  sessionGeneration++;
  sessionCache.clear();
}

/**
 * The session statement, compiled once per route permission (`shape`: the permission keys a route
 * needs, one per line; empty: the session alone). On PostgreSQL nothing is cached (another server may
 * write): the route's permission is checked in the same statement as the session, one round trip
 * instead of two, reading one flag instead of every key the user holds (hundreds for headquarters).
 */
const sessionStatement = compiledOnce(['tokenHash'], (db: Database, shape, values) => {
  const needed = shape ? shape.split('\n') : [];
  return db
    .selectFrom('session')
    .$if(needed.length > 0, (q) =>
      q.select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('role')
              .innerJoin('rolePermission', 'rolePermission.roleId', 'role.id')
              .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
              .select('role.id')
              .where('role.id', 'in', actingRoleIds(db, eb.ref('session.userId'), eb.ref('session.orgId')))
              .where('role.status', '=', 1)
              .where((w) => w.or([w('permission.uri', 'in', needed), w('permission.code', 'in', needed)])),
          )
          .as('granted'),
      ),
    )
    .innerJoin('appUser', 'appUser.id', 'session.userId')
    .select([
      'session.id',
      'session.userId',
      'session.systemId',
      'session.orgId',
      'session.lastSeenAt',
      'session.expiresAt',
      'session.revokedAt',
      'session.revokeReason',
      'appUser.account',
      'appUser.status',
      'appUser.disabledAt',
      'session.createdAt',
    ])
    .where('session.tokenHash', '=', values.tokenHash as string);
});

async function sessionRow(
  db: Database,
  tokenHash: string,
  needed?: string[],
): Promise<SessionRow | undefined> {
  const cached = isSingleProcess(db);
  const key = `${dbId(db)}:${tokenHash}`;
  const hit = cached ? sessionCache.get(key) : undefined;
  if (hit && Date.now() - hit.at < SESSION_TTL_MS) return hit.row;
  const startedAt = sessionGeneration;
  // The route's permission is read with the session where nothing is cached (see SESSION_TTL_MS).
  const withGrant = !cached && !!needed?.length;
  const shape = withGrant ? needed!.join('\n') : '';
  const result = await db.executeQuery<SessionRow>(sessionStatement(db, shape, { tokenHash }));
  const row = result.rows[0];
  // Only live rows are kept (a miss or a revoked session is rare and must stay exact), and only when
  // no write happened while the query ran.
  if (cached && row && !row.revokedAt && startedAt === sessionGeneration) {
    if (sessionCache.size >= SESSION_CACHE_MAX) sessionCache.clear();
    sessionCache.set(key, { row, at: Date.now() });
  }
  return row;
}

export async function resolveSession(
  db: Database,
  config: ServerConfig,
  token: string,
): Promise<AuthContext> {
  return (await resolveSessionGrant(db, config, token)).auth;
}

/**
 * The session of a call and, on PostgreSQL, whether its user holds one of `needed` (read with the
 * session row: the auth hook's one statement). `granted` is undefined where the permission cache
 * answers instead (PGlite) or nothing was asked.
 */
export async function resolveSessionGrant(
  db: Database,
  config: ServerConfig,
  token: string,
  needed?: string[],
): Promise<{ auth: AuthContext; granted?: boolean }> {
  const row = await sessionRow(db, sha256Hex(token), needed);
  if (!row) throw ApiError.expired();
  if (row.revokedAt) throw row.revokeReason === 'replaced' ? ApiError.replaced() : ApiError.expired();
  const now = Date.now();
  const idleMs = config.sessionIdleMinutes * 60_000;
  // A session begun before the account was last disabled stays void, also once it is enabled again.
  const voided = row.disabledAt !== null && new Date(row.createdAt) <= new Date(row.disabledAt);
  if (
    voided ||
    row.status !== 1 ||
    now > new Date(row.expiresAt).getTime() ||
    now - new Date(row.lastSeenAt).getTime() > idleMs
  ) {
    // Off the online-user list from now on (it is refused whatever its state).
    await db.updateTable('session').set({ state: 0 }).where('id', '=', row.id).execute();
    throw ApiError.expired();
  }
  if (now - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    // The cached row is shared by the calls of this token: the next ones see the new time too.
    row.lastSeenAt = new Date(now);
    await db
      .updateTable('session')
      .set({ lastSeenAt: new Date(now) })
      .where('id', '=', row.id)
      .execute();
  }
  const auth = {
    userId: row.userId,
    sessionId: row.id,
    account: row.account,
    systemId: row.systemId,
    orgId: row.orgId,
  };
  return row.granted === undefined ? { auth } : { auth, granted: Boolean(row.granted) };
}

export async function revokeSession(
  db: Database,
  sessionId: number,
  reason: 'logout' | 'password',
): Promise<void> {
  await db
    .updateTable('session')
    .set({ revokedAt: new Date(), revokeReason: reason, state: 0 })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
  forgetSessions();
}

/**
 * Permission keys are read on most calls (the auth hook, transitions, exports), so on the embedded
 * database they are cached per user for a few seconds (on PostgreSQL, read every time: another server
 * may have changed a grant, as for sessions above). Any audited write to users or roles (where grants change) bumps the
 * generation and empties the cache at once (forgetPermissions, called from server/resources/audit.ts).
 */
const PERMISSION_TTL_MS = 5_000;
let generation = 0;
const permissionCache = new Map<string, { keys: Set<string>; at: number; generation: number }>();

export function forgetPermissions(): void {
  generation++;
  permissionCache.clear();
  // The same writes can disable an account or change its name: cached sessions carry both.
  forgetSessions();
}

/**
 * Every page uri and button code the user holds in an organisation (the one chosen at sign-in), through
 * the active roles he acts with there (services/roles.ts: an organisation's own roles, else the account's).
 */
export async function permissionKeys(
  db: Database,
  userId: number,
  orgId: number | null | undefined,
): Promise<Set<string>> {
  // Keyed by database too: tests run several apps, each on its own database, in one process.
  if (!isSingleProcess(db)) return loadPermissionKeys(db, userId, orgId);
  const key = `${dbId(db)}:${userId}:${orgId ?? ''}`;
  const hit = permissionCache.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.keys;
  const startedAt = generation;
  const keys = await loadPermissionKeys(db, userId, orgId);
  if (startedAt === generation) permissionCache.set(key, { keys, at: Date.now(), generation });
  return keys;
}

const dbIds = new WeakMap<object, number>();
let nextDbId = 1;
function dbId(db: object): number {
  let id = dbIds.get(db);
  if (id === undefined) {
    id = nextDbId++;
    dbIds.set(db, id);
  }
  return id;
}

async function loadPermissionKeys(
  db: Database,
  userId: number,
  orgId: number | null | undefined,
): Promise<Set<string>> {
  const rows = await db
    .selectFrom('role')
    .innerJoin('rolePermission', 'rolePermission.roleId', 'role.id')
    .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
    .select(['permission.uri', 'permission.code'])
    .where('role.id', 'in', actingRoleIds(db, userId, orgId))
    .where('role.status', '=', 1)
    .execute();
  const keys = new Set<string>();
  for (const r of rows) {
    if (r.uri) keys.add(r.uri);
    if (r.code) keys.add(r.code);
  }
  return keys;
}
