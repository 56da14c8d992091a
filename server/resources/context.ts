import type { Database } from '../db/index';
import { ApiError } from '../http/envelope';
import type { ServerKeys } from '../security/keys';
import type { Catalog, ResourceDef } from '../../src/schema/types';
import type { WorkflowRuntime } from '../workflows/runtime';

/** What every operation of the engine needs. */
export interface Engine {
  db: Database;
  catalog: Catalog;
  keys: ServerKeys;
  /** The approval engine (server/workflows), when the catalog declares workflows. */
  workflows?: WorkflowRuntime;
  /** Lists count exactly up to this many rows, then estimate (config listExactCount). */
  listExactCount?: number;
  /**
   * The engine's clock for rules on the time of day (a transition's `timeWindow`): the real clock
   * unless the server was started with TEST_CLOCK (tests) or the seed runs its transitions at the
   * seed anchor's evening (server/db/seed/run-transitions.ts). Stamps (`$now`) keep the real time.
   */
  now?: () => Date;
}

/** What time it is for the engine's rules (Engine.now, else the real clock). */
export const engineNow = (engine: Pick<Engine, 'now'>): Date => engine.now?.() ?? new Date();

/** Who acts: written into stamps ($user.*) and the audit log. */
export interface Actor {
  userId: number;
  account: string;
  realName: string;
  requestId: string;
  /** The organisation chosen at sign-in (an approval's submitting organisation). */
  orgId?: number | null;
}

export async function loadActor(
  db: Database,
  auth: { userId: number; account: string; orgId?: number | null },
  requestId: string,
): Promise<Actor> {
  const row = await db
    .selectFrom('appUser')
    .select('realName')
    .where('id', '=', auth.userId)
    .executeTakeFirst();
  return {
    userId: auth.userId,
    account: auth.account,
    realName: row?.realName ?? auth.account,
    requestId,
    orgId: auth.orgId ?? null,
  };
}

export const notFound = (r: ResourceDef) => new ApiError(404, 'E0404', `${r.title}不存在`);

/** How a row is named in messages: 拣货单【JH…】. */
export function rowName(
  r: { title: string; displayField?: string; primaryKey: string },
  row: Record<string, unknown>,
): string {
  const v = row[r.displayField ?? r.primaryKey];
  return v === undefined || v === null ? r.title : `${r.title}【${String(v)}】`;
}

export function stateLabel(engine: Engine, r: ResourceDef, value: unknown): string {
  const en = engine.catalog.enums.get(r.fields[r.states!.field]!['x-enum']!);
  return en?.items.find((i) => i.value === value)?.label ?? String(value);
}

/** Kysely drivers report constraint violations with the PostgreSQL SQLSTATE in `code`. */
export function sqlState(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
