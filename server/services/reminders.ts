import { createHash } from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import { DAYS_LEFT, reminderField, reminderOrgField } from '../../src/schema/check-reminders';
import { chinaToday } from '../../src/schema/seed/generate';
import { EMPTY } from '../../src/schema/format';
import type { Catalog, ReminderDef, ResourceDef } from '../../src/schema/types';
import type { Database } from '../db/index';
import { displayValue, fillPlaceholders } from '../resources/notify';
import { dynamic } from '../resources/sql/db';
import { columnOf, fieldRef, loadRows, selection, toApi } from '../resources/sql/select';
import { resolveApprovers } from '../workflows/approvers';
import { writeSystemNotice } from '../workflows/notify';

/** The message-centre type of reminders (server/services/messages/constants.ts). */
export const REMINDER_MESSAGE_TYPE = 5;
/** A reminder's `where` comparisons (e.g. batches still holding stock: { "quantity": { "gt": 0 } }). */
const COMPARISON = { gt: '>', gte: '>=', lt: '<', lte: '<=', ne: '<>' } as const;
/** Rows whose headers are read per query. */
const HEADER_BATCH = 500;

type Row = Record<string, unknown>;

/** One row (or line) whose date is due: what the message is about. */
interface Due {
  header: Row;
  line?: Row;
  date: string;
}

export interface ReminderPassResult {
  /** Messages written by this pass (each reminder, row and date at most once, ever). */
  sent: number;
  /** The same per reminder, keyed "resource.reminder" (only those that sent anything). */
  sentBy: Record<string, number>;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * One pass over every reminder of the catalog (docs/schemas.md "Reminders"): rows, or lines of a child,
 * whose date lies between today and `daysAhead` days on (China time; a date already past is not
 * reminded) get one message each for the users holding the permission in the reminder's organisation
 * scope. Each reminder, row and date value is sent once: its `reminder_log` row is inserted first (on
 * conflict nothing), and only the transaction whose insert happened writes the message, so restarts
 * and several servers never send it twice. Nothing is recorded while nobody holds the permission.
 */
export async function runReminderPass(
  db: Database,
  catalog: Catalog,
  options: { today?: string } = {},
): Promise<ReminderPassResult> {
  const today = options.today ?? chinaToday();
  let sent = 0;
  const sentBy: Record<string, number> = {};
  for (const r of [...catalog.resources.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    for (const m of r.reminders ?? []) {
      const n = await runReminder(db, catalog, r, m, today);
      if (n) sentBy[`${r.name}.${m.name}`] = n;
      sent += n;
    }
  }
  return { sent, sentBy };
}

async function runReminder(
  db: Database,
  catalog: Catalog,
  r: ResourceDef,
  m: ReminderDef,
  today: string,
): Promise<number> {
  if (m.digest) return runDigest(db, catalog, r, m, m.digest, today);
  const until = addDays(today, m.daysAhead!);
  const key = `${r.name}.${m.name}`;
  const due = await dueRows(db, r, m, today, until);
  if (!due.length) return 0;
  const done = new Set(
    (
      await db
        .selectFrom('reminderLog')
        .select(['rowKey', sql<string>`to_char(due_date, 'YYYY-MM-DD')`.as('day')])
        .where('reminder', '=', key)
        .where('dueDate', '>=', today)
        .where('dueDate', '<=', until)
        .execute()
    ).map((row) => `${row.rowKey}@${row.day}`),
  );
  const receivers = new Map<string, number[]>();
  let sent = 0;
  for (const item of due) {
    const rowKey = rowKeyOf(r, m, item);
    if (done.has(`${rowKey}@${item.date}`)) continue;
    const users = await receiversOf(db, r, m, item.header, receivers);
    if (!users.length) continue;
    const values = placeholderValues(catalog, r, m, item, today);
    const written = await sendOnce(db, m, { reminder: key, rowKey, dueDate: item.date }, users, values);
    if (written) sent++;
  }
  return sent;
}

/**
 * One reminder message for a key (reminder, row or organisation, date), at most once ever: its
 * `reminder_log` row is inserted first (on conflict nothing), and only the transaction whose insert
 * happened writes the message, so restarts and several servers never send it twice.
 */
async function sendOnce(
  db: Database,
  m: ReminderDef,
  key: { reminder: string; rowKey: string; dueDate: string },
  users: number[],
  values: (name: string) => string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('reminderLog')
      .values({ ...key, messageId: null, receiverCount: users.length })
      .onConflict((oc) => oc.doNothing())
      .returning('reminder')
      .executeTakeFirst();
    if (!claimed) return false;
    const messageId = await writeSystemNotice(trx, {
      msgType: REMINDER_MESSAGE_TYPE,
      createName: '系统提醒',
      receiveRange: `持有“${m.to.permission}”权限的人员`.slice(0, 100),
      userIds: users,
      title: fill(m.title, values),
      text: fill(m.text, values),
      ...(m.link ? { link: m.link } : {}),
    });
    await trx
      .updateTable('reminderLog')
      .set({ messageId: messageId ?? null })
      .where('reminder', '=', key.reminder)
      .where('rowKey', '=', key.rowKey)
      .where('dueDate', '=', key.dueDate)
      .execute();
    return true;
  });
}

/** The rows (or lines) whose date is due, with their headers, earliest first. */
async function dueRows(db: Database, r: ResourceDef, m: ReminderDef, today: string, until: string) {
  const pk = columnOf(r.fields, r.primaryKey);
  const child = m.child ? r.children![m.child]! : undefined;
  const fields = child ? child.fields : r.fields;
  const dateField = m.dateField!;
  const dateColumn = columnOf(fields, dateField);
  let q = dynamic(db)
    .selectFrom(`${child ? child.table : r.table} as t`)
    .select(selection(fields, 't'))
    .where(`t.${dateColumn}`, '>=', today)
    .where(`t.${dateColumn}`, '<=', until);
  if (child) {
    q = q
      .innerJoin(`${r.table} as h`, `h.${pk}`, `t.${child.foreignKey}`)
      .select(sql.ref(`t.${child.foreignKey}`).as('reminderParent'));
  }
  for (const cond of whereOf(r, m, child ? 'h' : 't')) q = q.where(cond);
  const raw = await q
    .orderBy(`t.${dateColumn}`)
    .orderBy(`t.${columnOf(fields, child?.primaryKey ?? r.primaryKey)}`)
    .execute();
  if (!child) return raw.map((row) => ({ header: toApi(r.fields, row), date: String(row[dateField]) }));
  const headers = new Map<unknown, Row>();
  const ids = [...new Set(raw.map((row) => row.reminderParent))];
  for (let i = 0; i < ids.length; i += HEADER_BATCH) {
    const rows = await loadRows(db, r.table, r.fields, {
      column: pk,
      op: 'in',
      value: ids.slice(i, i + HEADER_BATCH),
    });
    for (const row of rows) headers.set(row[r.primaryKey], row);
  }
  const out: Due[] = [];
  for (const row of raw) {
    const header = headers.get(Number(row.reminderParent)) ?? headers.get(row.reminderParent);
    if (header) out.push({ header, line: toApi(child.fields, row), date: String(row[dateField]) });
  }
  return out;
}

/**
 * A reminder's `where` on the rows aliased `alias`: equality, any of a list, or one comparison ({ "gt":
 * 0 }, { "ltField": "minQuantity" }); a field computed when read (sumOf) compares like a column.
 */
function whereOf(r: ResourceDef, m: ReminderDef, alias: string) {
  return Object.entries(m.where ?? {}).map(([name, value]) => {
    const column = fieldRef(r.fields, name, alias);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- dynamic tables (sql/db.ts)
    return (eb: ExpressionBuilder<any, any>) => {
      if (Array.isArray(value)) return eb(column, 'in', value);
      if (typeof value !== 'object' || value === null) return eb(column, '=', value);
      // The meta-schema allows exactly one operator.
      const [op, operand] = Object.entries(value)[0]!;
      if (op === 'ltField') return eb(column, '<', fieldRef(r.fields, String(operand), alias));
      return eb(column, COMPARISON[op as keyof typeof COMPARISON], operand);
    };
  });
}

/**
 * A daily digest (reminder `digest`): the rows matching `where` today, one message per receiving
 * organisation listing them (e.g. a warehouse's commodities below their safety minimum), once per
 * organisation and day (reminder_log: row key "org:<id>", date today). Nobody holding the permission
 * there: nothing is sent or recorded.
 */
async function runDigest(
  db: Database,
  catalog: Catalog,
  r: ResourceDef,
  m: ReminderDef,
  digest: NonNullable<ReminderDef['digest']>,
  today: string,
): Promise<number> {
  const key = `${r.name}.${m.name}`;
  let q = dynamic(db).selectFrom(`${r.table} as t`).select(selection(r.fields, 't'));
  for (const cond of whereOf(r, m, 't')) q = q.where(cond);
  const rows = (await q.orderBy(`t.${columnOf(r.fields, r.primaryKey)}`).execute()).map((row) =>
    toApi(r.fields, row),
  );
  const orgField =
    (m.to.org ?? (reminderOrgField(r) ? 'row' : 'headquarters')) === 'row' ? reminderOrgField(r) : undefined;
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const org = orgField ? row[orgField] : null;
    const k = org === null || org === undefined ? 'hq' : `org:${String(org)}`;
    groups.set(k, [...(groups.get(k) ?? []), row]);
  }
  const receivers = new Map<string, number[]>();
  let sent = 0;
  for (const [rowKey, group] of groups) {
    const users = await receiversOf(db, r, m, group[0]!, receivers);
    if (!users.length) continue;
    const shown = group.slice(0, digest.max ?? 20);
    const lines = shown.map((row) => fill(digest.line, rowValue(catalog, r, row))).join('；');
    const values = (name: string) =>
      name === 'count'
        ? String(group.length)
        : name === 'lines'
          ? lines
          : rowValue(catalog, r, group[0]!)(name);
    const written = await sendOnce(db, m, { reminder: key, rowKey, dueDate: today }, users, values);
    if (written) sent++;
  }
  return sent;
}

/** A row's fields as users read them (enum labels, dates, 是/否). */
const rowValue =
  (catalog: Catalog, r: ResourceDef, row: Row) =>
  (name: string): string => {
    const f = r.fields[name];
    return f ? display(catalog, f, row[name]) : EMPTY;
  };

/** The header's key, with the line's identity (or its key) for a child: stable across edits. */
function rowKeyOf(r: ResourceDef, m: ReminderDef, item: Due): string {
  const head = String(item.header[r.primaryKey]);
  if (!item.line) return head;
  const child = r.children![m.child!]!;
  const identity = (m.identity ?? [child.primaryKey]).map((f) => String(item.line![f] ?? '')).join('|');
  const key = `${head}:${identity}`;
  return key.length <= 300 ? key : `${head}:#${createHash('sha256').update(identity).digest('hex')}`;
}

/**
 * The receivers: enabled users holding the permission through an enabled role, of a headquarters
 * organisation, or of the row's store or warehouse when the reminder is scoped to the row
 * (headquarters when the row has none). Resolved once per organisation and pass.
 */
async function receiversOf(
  db: Database,
  r: ResourceDef,
  m: ReminderDef,
  header: Row,
  cache: Map<string, number[]>,
): Promise<number[]> {
  // The row's store, or its warehouse: a near-expiry batch concerns the people of its warehouse.
  const orgField = reminderOrgField(r);
  const scope = m.to.org ?? (orgField ? 'row' : 'headquarters');
  const orgId = scope === 'row' && orgField ? ((header[orgField] as number | null) ?? null) : null;
  const cacheKey = orgId === null ? 'hq' : `org:${orgId}`;
  let users = cache.get(cacheKey);
  if (!users) {
    const found = await resolveApprovers(
      db,
      [{ permission: m.to.permission, org: orgId === null ? 'headquarters' : 'submitter' }],
      { userId: 0, orgId },
    );
    users = found.map((u) => u.id);
    cache.set(cacheKey, users);
  }
  return users;
}

/** Placeholder values as users read them: enum labels, dates, 是/否, and the days left. */
function placeholderValues(catalog: Catalog, r: ResourceDef, m: ReminderDef, item: Due, today: string) {
  return (name: string): string => {
    if (name === DAYS_LEFT) return String(daysBetween(today, item.date));
    const f = reminderField(r, m, name);
    const fromLine = !!(m.child && r.children?.[m.child]?.fields[name]);
    const value = fromLine ? item.line?.[name] : item.header[name];
    return f ? display(catalog, f, value) : EMPTY;
  };
}

const display = displayValue;
const fill = fillPlaceholders;
