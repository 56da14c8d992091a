import { ApiError } from '../http/envelope';
import { conditionHolds, readTemplate, templateRef } from '../../src/schema/effects';
import type { ResourceDef, TransitionDef } from '../../src/schema/types';
import type { EffectDef } from '../../src/generated/schema-files';
import { type Actor, type Engine, rowName } from './context';
import { createIn, updateIn } from './handlers/write';
import { findRows } from './rows';
import type { AnyDb } from './sql/db';
import { columnOf, toApi, toColumns } from './sql/select';
import { computeProducts, decimalsOf } from '../../src/schema/computed';
import { add, negate, parseDecimal, toNumber, ZERO } from '../../src/schema/decimal';
import type { ChildDef } from '../../src/generated/schema-files';

type Row = Record<string, unknown>;

function valueOf(v: unknown, doc: Row, line: Row | undefined, actor: Actor): unknown {
  if (templateRef(v)) return readTemplate(v, doc, line) ?? null;
  if (v === '$now') return new Date();
  if (v === '$user.id') return actor.userId;
  if (v === '$user.realName') return actor.realName;
  return v;
}

const fill = (set: Record<string, unknown> | undefined, doc: Row, line: Row | undefined, actor: Actor) =>
  Object.fromEntries(Object.entries(set ?? {}).map(([k, v]) => [k, valueOf(v, doc, line, actor)]));

/**
 * The target rows whose fields equal the key, locked for the write, in key order: the first (or,
 * `all`, every one). With their lines when a write follows, so updateIn takes them as read.
 */
const findByKey = async (trx: AnyDb, target: ResourceDef, key: Row, children = false) =>
  (await findRows(trx, target, key, { forUpdate: true, children, limit: 1 }))[0];
const findAllByKey = (trx: AnyDb, target: ResourceDef, key: Row, children = false) =>
  findRows(trx, target, key, { forUpdate: true, children });

/** The lines in groups of equal values of the fields, in the order each group first appears. */
function groupLines(lines: Row[], fields: string[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const line of lines) {
    const key = JSON.stringify(fields.map((f) => line[f] ?? null));
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  return [...groups.values()];
}

/** A created row's lines (`lines`): one per source line, filled from its values. */
function linesOf(e: EffectDef, doc: Row, source: Row[], actor: Actor): Row {
  if (!e.lines) return {};
  return { [e.lines.child]: source.map((l) => fill(e.lines!.values, doc, l, actor)) };
}

/** Runs another row's transition as the system (handlers/transition.ts passes its own runner). */
export type SystemTransitionRunner = (
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  id: unknown,
  actor: Actor,
) => Promise<unknown>;

/** The most rows one `times` effect creates (a gift-card batch's cards). */
export const MAX_TIMES = 2000;

/**
 * How many rows a create makes: once, or `times` ("$row.quantity": a batch's cards, each through
 * createIn with its own stamps). A count beyond MAX_TIMES refuses the transition.
 */
function timesOf(e: EffectDef, doc: Row): number {
  if (!e.times) return 1;
  const n = Number(readTemplate(e.times, doc, undefined) ?? 0);
  if (!Number.isInteger(n) || n < 0) return 0;
  if (n > MAX_TIMES) throw ApiError.conflict(`一次最多生成${MAX_TIMES}条，当前为${n}条`);
  return n;
}

const isAdd = (v: unknown): v is { add: unknown } => typeof v === 'object' && v !== null && 'add' in v;

/** How a figure is shown in a refusal: money with its 2 decimals, counts as they are. */
const shown = (n: number, decimals: number) => (decimals ? n.toFixed(decimals) : String(n));

/**
 * Values of a write: templates filled, `{ add }` added to what the target holds now, exactly (decimal
 * arithmetic at the column's scale, so a balance never drifts). A sum below the target field's
 * `minimum` refuses the whole transition naming the row, what it holds and the shortfall: a member's
 * stored value or points never go negative.
 */
function resolveValues(
  target: ResourceDef | ChildDef,
  set: Record<string, unknown>,
  doc: Row,
  line: Row | undefined,
  actor: Actor,
  current: Row,
) {
  const out: Row = {};
  for (const [k, v] of Object.entries(set)) {
    if (!isAdd(v)) {
      out[k] = valueOf(v, doc, line, actor);
      continue;
    }
    const field = target.fields[k];
    // Integers stay whole; other figures keep at least 3 decimals (a quantity), the column rounds more.
    const decimals = field?.type === 'integer' ? 0 : Math.max(field ? decimalsOf(field) : 0, 3);
    const held = parseDecimal(current[k]) ?? ZERO;
    const delta = parseDecimal(valueOf(v.add, doc, line, actor)) ?? ZERO;
    const sum = toNumber(add(held, delta), decimals);
    const floor = field?.minimum;
    if (typeof floor === 'number' && sum < floor) {
      const d = field!.type === 'integer' ? 0 : decimalsOf(field!);
      const have = toNumber(held, d);
      const need = toNumber(negate(delta), d);
      const short = toNumber(add(parseDecimal(floor)!, negate(add(held, delta))), d);
      throw ApiError.conflict(
        `${rowName(target, current)}的${field!.title ?? k}不足：现有${shown(have, d)}，需要${shown(need, d)}，还差${shown(short, d)}`,
      );
    }
    // A figure bounded by another of the row (refunded ≤ paid): the add must leave room.
    const most = field?.['x-atMost'];
    const ceiling = most ? parseDecimal(current[most]) : undefined;
    if (most && ceiling && sum > toNumber(ceiling, decimals)) {
      const d = decimalsOf(field!);
      const bound = target.fields[most]!;
      const left = toNumber(add(ceiling, negate(held)), d);
      throw ApiError.conflict(
        `${rowName(target, current)}的${field!.title ?? k}不能超过${bound.title ?? most}：${bound.title ?? most}${shown(toNumber(ceiling, d), d)}，${field!.title ?? k}${shown(toNumber(held, d), d)}，本次${shown(toNumber(delta, d), d)}，最多还可${shown(Math.max(left, 0), d)}`,
      );
    }
    out[k] = sum;
  }
  return out;
}

/**
 * update of a child's line (`child`): the line found by key among the resource's lines is written,
 * its own computed fields recomputed, then the resource's figures (sums over the lines) follow through
 * a system update of the resource.
 */
async function updateLine(
  engine: Engine,
  trx: AnyDb,
  target: ResourceDef,
  childName: string,
  key: Row,
  set: Record<string, unknown>,
  ctx: { doc: Row; line: Row | undefined; actor: Actor; title: string },
) {
  const child = target.children![childName]!;
  let q = trx.selectFrom(`${child.table} as l`).selectAll();
  for (const [k, v] of Object.entries(key)) q = q.where(`l.${columnOf(child.fields, k)}`, '=', v);
  const raw = (await q.forUpdate().limit(1).executeTakeFirst()) as Row | undefined;
  if (!raw) throw ApiError.conflict(`${target.title}的${child.title}不存在，无法${ctx.title}`);
  const current = toApi(child.fields, raw);
  const values = resolveValues(child, set, ctx.doc, ctx.line, ctx.actor, current);
  const figures = computeProducts(child.fields, { ...current, ...values });
  await trx
    .updateTable(child.table)
    .set(toColumns(child.fields, { ...values, ...figures }))
    .where(columnOf(child.fields, child.primaryKey), '=', current[child.primaryKey])
    .execute();
  const parentId = raw[child.foreignKey] ?? current[child.foreignKey];
  await updateIn(trx, engine, target, target.primaryKey, parentId, {}, ctx.actor, {
    names: [],
    system: true,
  });
}

/**
 * Runs a transition's effects after its own write, in the same transaction (a refusal rolls the whole
 * transition back): each is a system write of the target resource through the engine, so the
 * target's references, computed figures, uniqueness, tree and audit apply as to any write.
 */
/**
 * `consume`: takes `amount` from `field` of the target rows matching `key`, oldest first (`orderBy`,
 * then the primary key), each row locked and written through the target's own rules, so its computed
 * figures follow (a points lot used up has no expiry date). Lots are used first-in first-out: a
 * redemption takes the oldest points, and what is left of a year's points is what expires. Fewer than
 * `amount` left refuses the transition naming the shortfall; the sum is exact (decimal arithmetic).
 */
async function consume(
  engine: Engine,
  trx: AnyDb,
  target: ResourceDef,
  e: EffectDef,
  key: Row,
  amount: unknown,
  actor: Actor,
): Promise<void> {
  const field = target.fields[e.field!]!;
  const d = field.type === 'integer' ? 0 : decimalsOf(field);
  let need = parseDecimal(amount) ?? ZERO;
  if (need.units <= 0n) return;
  const col = (f: string) => `t.${columnOf(target.fields, f)}`;
  let q = trx
    .selectFrom(`${target.table} as t`)
    .select([`${col(target.primaryKey)} as id`, `${col(e.field!)} as left`])
    .where(col(e.field!), '>', 0);
  for (const [k, v] of Object.entries(key)) q = q.where(col(k), '=', v);
  for (const f of e.orderBy ?? []) q = q.orderBy(col(f));
  const lots = (await q.orderBy(col(target.primaryKey)).forUpdate().execute()) as {
    id: unknown;
    left: unknown;
  }[];
  for (const lot of lots) {
    if (need.units <= 0n) break;
    const left = parseDecimal(lot.left) ?? ZERO;
    const rest = add(left, negate(need));
    const taken = rest.units >= 0n ? need : left;
    need = add(need, negate(taken));
    await updateIn(
      trx,
      engine,
      target,
      target.primaryKey,
      lot.id,
      { [e.field!]: toNumber(add(left, negate(taken)), d) },
      actor,
      {
        names: [e.field!],
        system: true,
      },
    );
  }
  if (need.units > 0n) {
    const asked = toNumber(parseDecimal(amount) ?? ZERO, d);
    const short = toNumber(need, d);
    throw ApiError.conflict(
      `可用的${target.title}${field.title ?? e.field}不足：需要${shown(asked, d)}，还差${shown(short, d)}`,
    );
  }
}

export async function runEffects(
  engine: Engine,
  trx: AnyDb,
  r: ResourceDef,
  t: TransitionDef,
  doc: Row,
  actor: Actor,
  runTransition: SystemTransitionRunner,
): Promise<void> {
  for (const e of t.effects ?? []) {
    if (!conditionHolds(e.when, doc) || !(e.when?.and ?? []).every((c) => conditionHolds(c, doc))) continue;
    const target = engine.catalog.resources.get(e.resource)!;
    const lines = e.forEach
      ? ((doc[e.forEach] as Row[] | undefined) ?? []).filter((l) => conditionHolds(e.lineWhen, l))
      : [undefined];
    if (e.groupBy) {
      for (const group of groupLines(lines as Row[], e.groupBy)) {
        const values = fill(e.values, doc, group[0], actor);
        await createIn(trx, engine, target, { ...values, ...linesOf(e, doc, group, actor) }, actor, {
          names: Object.keys(values),
          system: true,
        });
      }
      continue;
    }
    for (const line of lines) {
      if (e.child) {
        await updateLine(engine, trx, target, e.child, fill(e.key, doc, line, actor), e.values ?? {}, {
          doc,
          line,
          actor,
          title: t.title,
        });
        continue;
      }
      if (e.action === 'transition') {
        const key = fill(e.key, doc, line, actor);
        const one = e.all ? undefined : await findByKey(trx, target, key);
        if (!e.all && !one) throw ApiError.conflict(`${target.title}不存在，无法${t.title}`);
        // `all`: each matching row takes the first transition whose `when` holds on it and that leaves
        // its state; a row in no such state is left as it is (a refunded order stays refunded).
        for (const row of e.all ? await findAllByKey(trx, target, key) : [one!]) {
          const pick = (e.transitions ?? []).find((x) => conditionHolds(x.when, row));
          const next = pick && target.states?.transitions.find((x) => x.name === pick.name);
          if (next && next.from.includes(row[target.states!.field] as never))
            await runTransition(trx, target, next, row[target.primaryKey], actor);
          else if (e.otherwise && !e.all) throw ApiError.conflict(e.otherwise);
        }
        continue;
      }
      if (e.action === 'consume') {
        await consume(
          engine,
          trx,
          target,
          e,
          fill(e.key, doc, line, actor),
          valueOf(e.amount, doc, line, actor),
          actor,
        );
        continue;
      }
      const values = fill(e.values, doc, line, actor);
      const names = Object.keys(values);
      if (e.all && e.action === 'update') {
        for (const found of await findAllByKey(trx, target, fill(e.key, doc, line, actor), true)) {
          const set = resolveValues(target, e.values ?? {}, doc, line, actor, found);
          await updateIn(trx, engine, target, target.primaryKey, found[target.primaryKey], set, actor, {
            names,
            system: true,
            locked: found,
          });
        }
        continue;
      }
      if (e.action === 'create') {
        const lines = linesOf(e, doc, line ? [line] : [], actor);
        for (let i = 0; i < timesOf(e, doc); i++)
          await createIn(trx, engine, target, { ...values, ...lines }, actor, { names, system: true });
        continue;
      }
      const key = fill(e.key, doc, line, actor);
      const found = await findByKey(trx, target, key, true);
      if (found) {
        // `{ add }` adds to what the locked row holds (a confirmed payment to a statement's paid amount).
        const set = resolveValues(target, e.values ?? {}, doc, line, actor, found);
        const after = await updateIn(
          trx,
          engine,
          target,
          target.primaryKey,
          found[target.primaryKey],
          set,
          actor,
          {
            names,
            system: true,
            locked: found,
          },
        );
        // `writeBack`: the document keeps what the target holds after the write (a stored-value
        // record's balance after), read under the same lock, so a ledger row states its balance.
        if (e.writeBack) {
          const kept = Object.fromEntries(
            Object.entries(e.writeBack).map(([mine, theirs]) => [mine, after?.[theirs] ?? null]),
          );
          await trx
            .updateTable(r.table)
            .set(toColumns(r.fields, kept))
            .where(columnOf(r.fields, r.primaryKey), '=', doc[r.primaryKey])
            .execute();
        }
      } else if (e.action === 'upsert') {
        await createIn(trx, engine, target, { ...key, ...values }, actor, {
          names: [...new Set([...Object.keys(key), ...names])],
          system: true,
        });
      } else {
        throw ApiError.conflict(
          e.missing ?? `${target.title}【${Object.values(key).map(String).join('/')}】不存在，无法${t.title}`,
        );
      }
    }
  }
}
