import type { ServerConfig } from '../config';
import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import { newToken, sha256Hex } from '../security/keys';
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
      .set({ revokedAt: now, revokeReason: 'replaced' })
      .where('userId', '=', userId)
      .where('appCode', '=', appCode)
      .where('revokedAt', 'is', null)
      .execute();
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
  return token;
}

export async function resolveSession(
  db: Database,
  config: ServerConfig,
  token: string,
): Promise<AuthContext> {
  const row = await db
    .selectFrom('session')
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
    ])
    .where('session.tokenHash', '=', sha256Hex(token))
    .executeTakeFirst();
  if (!row) throw ApiError.expired();
  if (row.revokedAt) throw row.revokeReason === 'replaced' ? ApiError.replaced() : ApiError.expired();
  const now = Date.now();
  const idleMs = config.sessionIdleMinutes * 60_000;
  if (
    row.status !== 1 ||
    now > new Date(row.expiresAt).getTime() ||
    now - new Date(row.lastSeenAt).getTime() > idleMs
  ) {
    throw ApiError.expired();
  }
  if (now - new Date(row.lastSeenAt).getTime() > TOUCH_EVERY_MS) {
    await db
      .updateTable('session')
      .set({ lastSeenAt: new Date(now) })
      .where('id', '=', row.id)
      .execute();
  }
  return {
    userId: row.userId,
    sessionId: row.id,
    account: row.account,
    systemId: row.systemId,
    orgId: row.orgId,
  };
}

export async function revokeSession(
  db: Database,
  sessionId: number,
  reason: 'logout' | 'password',
): Promise<void> {
  await db
    .updateTable('session')
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where('id', '=', sessionId)
    .where('revokedAt', 'is', null)
    .execute();
}

/**
 * Permission keys are read on most calls (the auth hook, transitions, exports), so they are cached
 * per user for a few seconds. Any audited write to users or roles (where grants change) bumps the
 * generation and empties the cache at once (forgetPermissions, called from server/resources/audit.ts).
 */
const PERMISSION_TTL_MS = 5_000;
let generation = 0;
const permissionCache = new Map<string, { keys: Set<string>; at: number; generation: number }>();

export function forgetPermissions(): void {
  generation++;
  permissionCache.clear();
}

/** Every page uri and button code the user holds through active roles. */
export async function permissionKeys(db: Database, userId: number): Promise<Set<string>> {
  // Keyed by database too: tests run several apps, each on its own database, in one process.
  const key = `${dbId(db)}:${userId}`;
  const hit = permissionCache.get(key);
  if (hit && hit.generation === generation && Date.now() - hit.at < PERMISSION_TTL_MS) return hit.keys;
  const startedAt = generation;
  const keys = await loadPermissionKeys(db, userId);
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

async function loadPermissionKeys(db: Database, userId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('userRole')
    .innerJoin('role', 'role.id', 'userRole.roleId')
    .innerJoin('rolePermission', 'rolePermission.roleId', 'role.id')
    .innerJoin('permission', 'permission.id', 'rolePermission.permissionId')
    .select(['permission.uri', 'permission.code'])
    .where('userRole.userId', '=', userId)
    .where('role.status', '=', 1)
    .execute();
  const keys = new Set<string>();
  for (const r of rows) {
    if (r.uri) keys.add(r.uri);
    if (r.code) keys.add(r.code);
  }
  return keys;
}
