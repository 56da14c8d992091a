import type { Database } from '../db/index';

/** One audit_log row for a change to someone's identity data (password, phone, messaging app, photo). */
export async function auditIdentity(
  db: Database,
  entry: {
    userId: number;
    action: string;
    entityId: number;
    requestId: string;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await db
    .insertInto('auditLog')
    .values({
      userId: entry.userId,
      action: entry.action,
      entity: 'app_user',
      entityId: String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      requestId: entry.requestId,
    })
    .execute();
}
