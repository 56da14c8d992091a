import { randomBytes } from 'node:crypto';
import type { Database } from '../db/index';
import { sha256Hex } from '../security/keys';

/** Single-use auth codes that carry a signed-in user into another subsystem (SPEC 2.3, 7.1). */
export const AUTH_CODE_TTL_MS = 5 * 60_000;

/** Subsystems reached with an auth code from /chooseProject; 300 (this console) uses /chooseMd instead. */
export { AUTH_CODE_TARGETS } from '../../src/schema/contracts/session';

export async function issueAuthCode(db: Database, userId: number, systemId: number): Promise<string> {
  const code = randomBytes(24).toString('base64url');
  const now = new Date();
  await db
    .insertInto('authCode')
    .values({
      codeHash: sha256Hex(code),
      userId,
      systemId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_MS),
    })
    .execute();
  return code;
}

/**
 * Redeems a code for the subsystem it was issued for. One conditional update: of two concurrent
 * redemptions only one gets the user. Returns undefined for unknown, used, expired or foreign codes.
 */
export async function redeemAuthCode(
  db: Database,
  code: string,
  systemId: number,
): Promise<number | undefined> {
  const now = new Date();
  const row = await db
    .updateTable('authCode')
    .set({ usedAt: now })
    .where('codeHash', '=', sha256Hex(code))
    .where('systemId', '=', systemId)
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', now)
    .returning('userId')
    .executeTakeFirst();
  return row?.userId;
}
