import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { ApiError } from '../http/envelope';
import { decryptPassword } from '../security/keys';
import { hashPassword } from '../security/password';
import type { Actor, Engine } from './context';
import { chinaCompactDate, normaliseDateTime } from '../../src/schema/dates';
import { checkRefuses, checkRequires, chinaToday } from './rules';
import type { AnyDb } from './sql/db';
import { columnOf } from './sql/select';
import type { ResourceDef, StampSet } from '../../src/schema/types';
import { passwordProblem } from '../../src/schema/password-policy';
import { luhnCheckDigit } from '../../src/schema/luhn';

/** Server-written values: instants, the actor and his organisation, document codes (prefix + China date + padded id). */
export function stampValues(set: StampSet | undefined, actor: Actor, id?: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(set ?? {})) {
    if (v === '$now') out[field] = new Date();
    else if (v === '$today') out[field] = chinaToday();
    else if (v === '$user.id') out[field] = actor.userId;
    else if (v === '$user.account') out[field] = actor.account;
    else if (v === '$user.realName') out[field] = actor.realName;
    else if (v === '$org.id') out[field] = actor.orgId ?? null;
    else if (v.startsWith('$code:'))
      out[field] = `${v.slice(6)}${chinaCompactDate()}${String(id).padStart(6, '0')}`;
    else if (v.startsWith('$luhn:')) out[field] = luhnNumber(v.slice(6), id);
    // `$secret:N` is made by generateSecrets (asynchronous: the hash).
  }
  return out;
}

export const needsId = (set: StampSet | undefined) =>
  Object.values(set ?? {}).some((v) => v.startsWith('$code:') || v.startsWith('$luhn:'));

/**
 * `$luhn:<digits>`: a 16-digit card number, the digits, the row's id padded, and a Luhn check digit
 * (src/schema/luhn.ts), unique because the id is.
 */
function luhnNumber(prefix: string, id: unknown): string {
  const body = `${prefix}${String(id).padStart(15 - prefix.length, '0')}`;
  return `${body}${luhnCheckDigit(body)}`;
}

/**
 * `$secret:N` stamps of a create (x-secret "generated"): N random digits, written only as their
 * scrypt hash. The plain digits leave this function nowhere: no answer, log or audit holds them.
 */
export async function generateSecrets(set: StampSet | undefined, values: Record<string, unknown>) {
  for (const [field, v] of Object.entries(set ?? {})) {
    if (!v.startsWith('$secret:')) continue;
    const n = Number(v.slice(8));
    const plain = Array.from(randomBytes(n), (b) => String(b % 10)).join('');
    values[field] = await hashPassword(plain);
  }
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The next id of a serial primary key, taken before the insert so a code can contain it. */
export async function nextId(db: AnyDb, r: ResourceDef): Promise<number> {
  const column = snake(columnOf(r.fields, r.primaryKey));
  const { rows } = await sql<{
    id: string;
  }>`select nextval(pg_get_serial_sequence(${r.table}, ${column})) as id`.execute(db);
  return Number(rows[0]!.id);
}

/** Only the named fields of a request body; date-times get their explicit offset (dates.ts). */
export function pickValues(
  r: ResourceDef,
  body: Record<string, unknown>,
  names: string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const n of names) {
    if (body[n] === undefined) continue;
    const f = r.fields[n]!;
    out[n] =
      f.format === 'date-time' && typeof body[n] === 'string'
        ? normaliseDateTime(body[n] as string)
        : body[n];
  }
  return out;
}

/**
 * Secret fields arrive RSA-OAEP encrypted (encryptModel 2, as at login), are checked in plain text and
 * stored only as a scrypt hash. The plain text never leaves this function.
 */
export async function sealSecrets(
  engine: Engine,
  r: ResourceDef,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [name, f] of Object.entries(r.fields)) {
    if (f['x-secret'] !== 'password' || typeof values[name] !== 'string') continue;
    const plain = decryptPassword(engine.keys.privateKeyPem, values[name] as string);
    if (plain === undefined) throw ApiError.badRequest('密码解密失败，请刷新页面后重试');
    const problem = passwordProblem(plain);
    if (problem) throw ApiError.badRequest(problem);
    values[name] = await hashPassword(plain);
  }
}

/**
 * A child's `unique`: the values of these line fields never repeat among one document's lines (a
 * seeding wall's slot codes, its bound stores); 409 with the message, {field} from the repeated line.
 * A line whose fields are all empty repeats nothing. The document's row lock serialises its writes.
 */
export function checkLineUnique(r: ResourceDef, lines: Record<string, unknown>): void {
  for (const [key, child] of Object.entries(r.children ?? {})) {
    const rows = lines[key];
    if (!child.unique || !Array.isArray(rows)) continue;
    for (const u of child.unique) {
      const seen = new Set<string>();
      for (const line of rows as Record<string, unknown>[]) {
        const vals = u.fields.map((f) => line[f]);
        if (vals.some((v) => v === undefined || v === null || v === '')) continue;
        const k = JSON.stringify(vals.map(String));
        if (seen.has(k))
          throw ApiError.conflict(u.message.replace(/\{(\w+)\}/g, (_, f: string) => String(line[f] ?? '')));
        seen.add(k);
      }
    }
  }
}

/** x-unique: 409 with the field's own text; x-ref: 400 '<title>不存在'. */
export async function checkConstraints(
  db: AnyDb,
  r: ResourceDef,
  values: Record<string, unknown>,
  selfId?: unknown,
  /** Update: the stored row, whose values complete a `unique` set the request changes part of. */
  stored: Record<string, unknown> = {},
  /** The lines as they will be stored, by child (a `refuses` judged per line). */
  lines: Iterable<readonly [string, unknown]> = [],
): Promise<void> {
  checkRequires(r, { ...stored, ...values });
  const byChild = Object.fromEntries(lines);
  checkRefuses(r, { ...stored, ...values, ...byChild });
  checkLineUnique(r, byChild);
  for (const d of r.distinct ?? []) {
    const merged = { ...stored, ...values };
    const set = d.fields.map((f) => merged[f]).filter((v) => v !== undefined && v !== null);
    if (new Set(set.map(String)).size < set.length) throw ApiError.badRequest(d.message);
  }
  for (const u of r.unique ?? []) {
    if (!u.fields.some((f) => values[f] !== undefined)) continue;
    const merged = { ...stored, ...values };
    // NULL never equals NULL: a set with an empty field repeats nothing (as the unique index says).
    if (u.fields.some((f) => merged[f] === undefined || merged[f] === null)) continue;
    let q = db.selectFrom(`${r.table} as t`).select(sql`1`.as('one'));
    for (const f of u.fields) q = q.where(`t.${columnOf(r.fields, f)}`, '=', merged[f]);
    if (selfId !== undefined) q = q.where(`t.${columnOf(r.fields, r.primaryKey)}`, '<>', selfId);
    if (await q.executeTakeFirst()) throw ApiError.conflict(u.message);
  }
  for (const [name, f] of Object.entries(r.fields)) {
    const v = values[name];
    if (v === undefined || v === null) continue;
    if (f['x-unique']) {
      let q = db
        .selectFrom(`${r.table} as t`)
        .select(sql`1`.as('one'))
        .where(`t.${columnOf(r.fields, name)}`, '=', v);
      if (selfId !== undefined) q = q.where(`t.${columnOf(r.fields, r.primaryKey)}`, '<>', selfId);
      if (await q.executeTakeFirst()) throw ApiError.conflict(f['x-unique']);
    }
    const ref = f['x-ref'];
    if (ref) {
      const hit = await db
        .selectFrom(`${ref.table} as x`)
        .select(sql`1`.as('one'))
        .where(`x.${ref.column}`, '=', v)
        .executeTakeFirst();
      if (!hit) throw ApiError.badRequest(`${f.title}不存在`);
    }
  }
}
