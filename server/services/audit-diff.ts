/**
 * The images an audit row keeps (issue 20.2): the record before and after, and the fields that
 * changed. Secrets never reach the log: the engine's images hold no write-only field already
 * (resources/audit.ts), and any key that names a password, hash, token, secret or code of a sign-in
 * is dropped here as well, so a hand-written route cannot leak one by passing a raw row.
 */
const SECRET_KEY = /(password|passwd|pwd|hash|token|secret|smsCode|authCode|privateKey)/i;

type Image = Record<string, unknown>;

function clean(value: unknown): Image | null {
  if (value === null || value === undefined || typeof value !== 'object' || Array.isArray(value)) {
    return value === null || value === undefined ? null : { value };
  }
  const out: Image = {};
  for (const [k, v] of Object.entries(value as Image)) if (!SECRET_KEY.test(k)) out[k] = v;
  return out;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Cleaned images and the changed fields, `{ field: [before, after] }` as JSON text (null: nothing changed). */
export function auditImages(
  before: unknown,
  after: unknown,
): { before: string | null; after: string | null; changes: string | null } {
  const b = clean(before);
  const a = clean(after);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])) {
    const was = b?.[key];
    const now = a?.[key];
    if (!same(was, now)) changes[key] = [was ?? null, now ?? null];
  }
  return {
    before: b === null ? null : JSON.stringify(b),
    after: a === null ? null : JSON.stringify(a),
    changes: Object.keys(changes).length ? JSON.stringify(changes) : null,
  };
}
