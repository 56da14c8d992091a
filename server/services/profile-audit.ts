import type { Database } from '../db/index';
import { auditImages } from './audit-diff';

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
      ...auditImages(entry.before, entry.after),
      requestId: entry.requestId,
    })
    .execute();
}
