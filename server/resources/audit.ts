import { auditImages } from '../services/audit-diff';
import { forgetPermissions, forgetSessions } from '../services/session';
import type { Actor } from './context';
import type { AnyDb } from './sql/db';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: unknown;
  before: unknown;
  after: unknown;
}

/** Resources over the session table: a write there (a forced logout) must be seen at the next call. */
const SESSION_RESOURCES = new Set(['onlineSession']);

/**
 * One audit row per changed record: who, when (the column default), from which organisation, what,
 * before, after and the changed fields (services/audit-diff.ts). The images are the rows as the API
 * answers them, which never hold write-only fields, so a password or its hash cannot reach the log
 * (pinned by tests/server/resource-write.test.ts and operations.test.ts). The address and the
 * function's title are added once the call is answered (plugins/activity-log.ts).
 */
export async function audit(db: AnyDb, actor: Actor, entry: AuditEntry): Promise<void> {
  const images = auditImages(entry.before, entry.after);
  await db
    .insertInto('audit_log')
    .values({
      userId: actor.userId,
      account: actor.account,
      realName: actor.realName,
      orgId: actor.orgId ?? null,
      action: entry.action.slice(0, 30),
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      ...images,
      requestId: actor.requestId,
    })
    .execute();
  // Grants live on users (their roles) and roles (their permissions and status).
  if (entry.entity === 'user' || entry.entity === 'role') forgetPermissions();
  if (SESSION_RESOURCES.has(entry.entity)) forgetSessions();
}
