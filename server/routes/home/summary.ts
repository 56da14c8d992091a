import { sql } from 'kysely';
import type { Database } from '../../db/index';

/** The tables the home page counts in, and the column that dates a finished document. */
const TABLES = {
  pickOrder: { table: 'pick_order', doneAt: 'finish_time' },
  stockOut: { table: 'stock_out_order', doneAt: 'out_time' },
  transfer: { table: 'transfer_apply', doneAt: null },
} as const;

type Source = keyof typeof TABLES;

/**
 * What waits for the user (home pages, issue 4): documents in a state the user holds the button to act
 * on. The key names the card on the page; the permission is the button code (schemas/menu).
 */
export const TODO_ITEMS = [
  { key: 'pickOrderToAssign', source: 'pickOrder', status: 10, permission: 'pickOrder:assign' },
  { key: 'pickOrderToPick', source: 'pickOrder', status: 20, permission: 'pickOrder:start' },
  { key: 'pickOrderPicking', source: 'pickOrder', status: 30, permission: 'pickOrder:finish' },
  { key: 'stockOutToShip', source: 'stockOut', status: 10, permission: 'stockOut:confirm' },
  { key: 'transferToAudit', source: 'transfer', status: 10, permission: 'transfer:audit' },
  { key: 'transferToShip', source: 'transfer', status: 20, permission: 'transfer:outbound' },
  { key: 'transferToReceive', source: 'transfer', status: 30, permission: 'transfer:inbound' },
] as const satisfies readonly { key: string; source: Source; status: number; permission: string }[];

/** What was finished today (China time); visible to whoever may open the list page. */
export const TODAY_ITEMS = [
  {
    key: 'pickOrderFinishedToday',
    source: 'pickOrder',
    status: 40,
    permission: '/dacang/distribution/pickOrderList',
  },
  {
    key: 'stockOutShippedToday',
    source: 'stockOut',
    status: 20,
    permission: '/dacang/warehouse/stockOutOrderList',
  },
] as const satisfies readonly {
  key: string;
  source: Exclude<Source, 'transfer'>;
  status: number;
  permission: string;
}[];

export interface TodoCount {
  key: string;
  count: number;
  /** Creation time of the oldest waiting document (ISO), or null when none waits. */
  oldest: string | null;
}

export interface DoneCount {
  key: string;
  count: number;
}

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight of the given instant's day in China time (UTC+8, no daylight saving). */
export function startOfChinaDay(now: number): Date {
  return new Date(Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

const toIso = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string | Date).toISOString();

async function waiting(db: Database, source: Source, statuses: number[]) {
  const { table } = TABLES[source];
  const { rows } = await sql<{ status: number; count: number; oldest: unknown }>`
    select status, count(*)::int as count, min(create_time) as oldest
    from ${sql.table(table)}
    where status in (${sql.join(statuses)})
    group by status`.execute(db);
  return rows;
}

async function doneSince(db: Database, source: Exclude<Source, 'transfer'>, status: number, since: Date) {
  const { table, doneAt } = TABLES[source];
  const { rows } = await sql<{ count: number }>`
    select count(*)::int as count from ${sql.table(table)}
    where status = ${status} and ${sql.ref(doneAt)} >= ${since}`.execute(db);
  return rows[0]?.count ?? 0;
}

/** The counts of the items the user holds (keys: permission codes and page uris), in item order. */
export async function homeSummary(db: Database, held: ReadonlySet<string>, now = Date.now()) {
  const todoItems = TODO_ITEMS.filter((i) => held.has(i.permission));
  const bySource = new Map<Source, number[]>();
  for (const item of todoItems)
    bySource.set(item.source, [...(bySource.get(item.source) ?? []), item.status]);
  const counted = new Map<string, { count: number; oldest: unknown }>();
  for (const [source, statuses] of bySource) {
    for (const row of await waiting(db, source, statuses)) counted.set(`${source}:${row.status}`, row);
  }
  const todo: TodoCount[] = todoItems.map((i) => {
    const row = counted.get(`${i.source}:${i.status}`);
    return { key: i.key, count: row?.count ?? 0, oldest: toIso(row?.oldest) };
  });
  const since = startOfChinaDay(now);
  const today: DoneCount[] = [];
  for (const item of TODAY_ITEMS.filter((i) => held.has(i.permission))) {
    today.push({ key: item.key, count: await doneSince(db, item.source, item.status, since) });
  }
  return { todo, today, generatedAt: new Date(now).toISOString() };
}
