import type { Database } from '../db/index';
import { permissionKeys } from '../services/session';
import { hasMaskedFields, maskRow } from '../../src/schema/mask';
import type { FieldDef, Permission, ResourceDef } from '../../src/schema/types';

type Row = Record<string, unknown>;

/** Who reads: the signed-in user (or an export job's owner) and the organisation chosen at sign-in. */
export interface Reader {
  userId: number | null;
  orgId: number | null;
  account?: string | null;
  requestId?: string | null;
  ip?: string | null;
}

const codes = (p: Permission | undefined) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);

/** Whether the reader holds the resource's unmaskPermission (any one of its codes). */
export async function readsInFull(db: Database, r: ResourceDef, reader: Reader): Promise<boolean> {
  const wanted = codes(r.unmaskPermission);
  if (!wanted.length || reader.userId === null) return false;
  const held = await permissionKeys(db, reader.userId, reader.orgId);
  return wanted.some((c) => held.has(c));
}

const maskedTitles = (fields: Record<string, FieldDef>) =>
  Object.values(fields)
    .filter((f) => f['x-mask'])
    .map((f) => f.title ?? '');

/** Rows of the answer that carry at least one non-blank masked value (header or lines). */
function revealed(r: ResourceDef, rows: Row[]): number {
  const names = Object.keys(r.fields).filter((n) => r.fields[n]!['x-mask']);
  const blank = (v: unknown) => v === null || v === undefined || v === '';
  const lineHit = (row: Row) =>
    Object.entries(r.children ?? {}).some(([name, c]) => {
      const lineNames = Object.keys(c.fields).filter((n) => c.fields[n]!['x-mask']);
      const lines = row[name];
      return Array.isArray(lines) && lines.some((l: Row) => lineNames.some((n) => !blank(l[n])));
    });
  return rows.filter((row) => names.some((n) => !blank(row[n])) || lineHit(row)).length;
}

/**
 * A read of personal data in full is logged (DOMAIN.md 2): one operation-log row per call that
 * answered unmasked values, naming the resource, the row (a detail) and how many rows and which
 * fields were shown, so an audit can tell who looked at which customers' phones.
 */
async function logFullRead(db: Database, r: ResourceDef, reader: Reader, rows: Row[], key: unknown) {
  const count = revealed(r, rows);
  if (!count || reader.userId === null) return;
  const titles = [
    ...maskedTitles(r.fields),
    ...Object.values(r.children ?? {}).flatMap((c) => maskedTitles(c.fields)),
  ];
  const user = await db
    .selectFrom('appUser')
    .select(['account', 'realName'])
    .where('id', '=', reader.userId)
    .executeTakeFirst();
  await db
    .insertInto('auditLog')
    .values({
      userId: reader.userId,
      account: user?.account ?? reader.account ?? null,
      realName: user?.realName ?? null,
      orgId: reader.orgId,
      action: 'unmask',
      entity: r.name,
      entityId: key === undefined || key === null ? null : String(key).slice(0, 64),
      requestId: reader.requestId ?? null,
      ip: reader.ip ?? null,
      title: `查看完整个人信息：${r.title}`.slice(0, 100),
      changes: `${titles.join('、')}（${count} 条）`,
    })
    .execute();
}

/**
 * What a read answers of a resource with x-mask fields (docs/schemas.md, "Masked personal data"):
 * masked values unless the reader holds the resource's unmaskPermission, in which case the full
 * values go out and the read is logged. Resources without masked fields pass through untouched.
 * Used by the list, all and get endpoints (so the print pages that read them) and the export worker.
 */
export async function maskForReader(
  db: Database,
  r: ResourceDef,
  reader: Reader,
  rows: Row[],
  key?: unknown,
): Promise<Row[]> {
  if (!hasMaskedFields(r)) return rows;
  if (await readsInFull(db, r, reader)) {
    await logFullRead(db, r, reader, rows, key);
    return rows;
  }
  return rows.map((row) => maskRow(r, row));
}
