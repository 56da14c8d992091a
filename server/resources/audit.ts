import { forgetPermissions } from '../services/session';
import type { Actor } from './context';
import type { AnyDb } from './sql/db';

export interface AuditEntry {
  action: string;
  entity: string;
  entityId: unknown;
  before: unknown;
  after: unknown;
}

/**
 * One audit row per changed record: who, when (the column default), what, before and after.
 * The images are the rows as the API answers them, which never hold write-only fields, so a
 * password or its hash cannot reach the log (pinned by tests/server/resource-write.test.ts).
 */
export async function audit(db: AnyDb, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      userId: actor.userId,
      action: entry.action.slice(0, 30),
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      requestId: actor.requestId,
    })
    .execute();
  // Grants live on users (their roles) and roles (their permissions and status).
  if (entry.entity === 'user' || entry.entity === 'role') forgetPermissions();
}
