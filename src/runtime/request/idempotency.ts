/** The header the server reads (server/plugins/idempotency.ts, DESIGN.md 3). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/**
 * A new idempotency key: one per opened form or clicked action, reused for retries of that same
 * submission, so a double click or a retry acts once (issue 13.4). getRandomValues, not randomUUID:
 * the console may be served over plain http on a LAN address, where randomUUID does not exist.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
