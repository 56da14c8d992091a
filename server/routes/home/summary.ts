import { sql } from 'kysely';
import { chinaDayStart } from '../../../src/schema/dates';
import { sectionCounters, TODAY_VALUE } from '../../../src/schema/check-home';
import { localise } from '../../../src/schema/i18n';
import { type ChartView, chartView } from '../../../src/schema/resolve/charts';
import { chinaToday } from '../../../src/schema/seed/generate';
import type {
  Catalog,
  HomeCondition,
  HomeCounter,
  HomeDef,
  AggregateDef,
  HomeChart,
  HomeSection,
  ResourceDef,
} from '../../../src/schema/types';
import { listConditions } from '../../resources/handlers/read';
import type { Caller } from '../../resources/scope';
import type { AnyDb } from '../../resources/sql/db';
import { type Condition, filterConditions } from '../../resources/sql/filters';
import { fieldRef } from '../../resources/sql/select';

const DAY_MS = 86_400_000;
const OPS = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** A condition's value as the column compares it: `$today[+-N]` is a China date (or its first instant). */
function conditionValue(r: ResourceDef, c: HomeCondition, now: number): unknown {
  const m = typeof c.value === 'string' ? TODAY_VALUE.exec(c.value) : null;
  if (!m) return c.value;
  const shift = m[2] ? Number(m[2]) * (m[1] === '-' ? -1 : 1) : 0;
  const day = chinaToday(now + shift * DAY_MS);
  return r.fields[c.field]?.format === 'date-time' ? chinaDayStart(day) : day;
}

function condition(r: ResourceDef, c: HomeCondition, now: number): Condition {
  const col = fieldRef(r.fields, c.field);
  return (eb) => {
    if (c.otherField !== undefined)
      return eb(col, OPS[c.op as keyof typeof OPS], fieldRef(r.fields, c.otherField));
    if (c.op === 'in') return eb(col, 'in', c.value as (string | number | boolean)[]);
    return eb(col, OPS[c.op as keyof typeof OPS], conditionValue(r, c, now));
  };
}

/** One counter: the rows of its resource under its conditions and the caller's scope. */
async function count(db: AnyDb, catalog: Catalog, counter: HomeCounter, caller: Caller, now: number) {
  const r = catalog.resources.get(counter.resource)!;
  // What the caller's list shows: its fixed conditions (an approval list's own tasks) and the store and
  // warehouse scope (a warehouse clerk counts his warehouse's documents only).
  const scoped = await filterConditions(db, catalog, r, {}, await listConditions(db, r, caller));
  if (scoped === 'none') return { count: 0, oldest: null };
  const conds = [...scoped, ...(counter.where ?? []).map((c) => condition(r, c, now))];
  const row = await db
    .selectFrom(`${r.table} as t`)
    .where((eb) => eb.and(conds.map((c) => c(eb))))
    .select([
      sql<number>`count(*)::int`.as('n'),
      counter.oldest
        ? sql<unknown>`min(${fieldRef(r.fields, counter.oldest)})`.as('oldest')
        : sql`null`.as('oldest'),
    ])
    .executeTakeFirstOrThrow();
  const oldest =
    row.oldest === null || row.oldest === undefined ? null : new Date(row.oldest as string).toISOString();
  return { count: Number(row.n), oldest };
}

type Texts = Partial<Record<string, unknown>>;

/**
 * `{ i18n: { 'en-US': … } }` with the English of `keys` that `english` has and that differ from the
 * Chinese, else nothing: the browser localises the summary as a schema file (src/schema/i18n.ts).
 */
function withEnglish(keys: readonly string[], english: Texts | undefined, chinese: Texts = {}) {
  const en = Object.fromEntries(
    keys.flatMap((k) => {
      const v = english?.[k];
      return typeof v === 'string' && v && v !== chinese[k] ? [[k, v]] : [];
    }),
  );
  return Object.keys(en).length ? { i18n: { 'en-US': en } } : {};
}

const ownEnglish = (def: { i18n?: { 'en-US'?: Texts } }) => def.i18n?.['en-US'];

/** A chart's texts with their English: the aggregate's and the fields' (or the home file's own title). */
function chartTexts(r: ResourceDef, def: AggregateDef, c: HomeChart): ChartView {
  const zh = chartView(r, def, c);
  const en = chartView(localise(r, 'en-US'), localise(def, 'en-US'), localise(c, 'en-US'));
  return {
    ...zh,
    ...withEnglish(['title', 'measureTitle'], en as unknown as Texts, zh as unknown as Texts),
    dimensions: zh.dimensions.map((d, i) => ({
      ...d,
      ...withEnglish(['title'], en.dimensions[i] as unknown as Texts, d as unknown as Texts),
    })),
  };
}

const holds = (held: ReadonlySet<string>, p: string | string[]) =>
  (Array.isArray(p) ? p : [p]).some((x) => held.has(x));

/** A section's `audience` names organisation kinds; org.ref_obj_type 1, 2 and 3 are these. */
const AUDIENCE = { 1: 'headquarters', 2: 'store', 3: 'warehouse' } as const;

async function audienceOf(db: AnyDb, caller: Caller): Promise<string | undefined> {
  if (caller.orgId === null) return undefined;
  const org = await db
    .selectFrom('org')
    .select('refObjType')
    .where('id', '=', caller.orgId)
    .executeTakeFirst();
  return AUDIENCE[org?.refObjType as keyof typeof AUDIENCE];
}

/**
 * A charts section's figures the user may call: each is drawn by the browser from its aggregate's own
 * route, which checks the permission and applies the scope again (a store charts its own orders).
 */
function sectionCharts(catalog: Catalog, s: HomeSection, held: ReadonlySet<string>) {
  return (s.charts ?? []).flatMap((c) => {
    const r = catalog.resources.get(c.resource)!;
    const def = r.aggregates![c.aggregate]!;
    if (!holds(held, def.permission)) return [];
    return [
      { ...chartTexts(r, def, c), key: `${c.resource}.${c.aggregate}:${c.type}`, link: c.link ?? null },
    ];
  });
}

/**
 * A home file's sections with the counters the user holds (keys: permission codes and page uris),
 * counted in his scope (issue 16.8). A section whose own permission he lacks is left out; the others
 * stay, possibly empty (the page says there is nothing to do).
 */
export async function homeSummary(
  db: AnyDb,
  catalog: Catalog,
  home: HomeDef,
  caller: Caller,
  held: ReadonlySet<string>,
  now = Date.now(),
) {
  const sections = [];
  const audience = home.sections.some((s) => s.audience) ? await audienceOf(db, caller) : undefined;
  for (const s of home.sections) {
    if (s.permission && !holds(held, s.permission)) continue;
    if (s.audience && !s.audience.includes(audience as never)) continue;
    if (s.kind === 'charts') {
      const charts = sectionCharts(catalog, s, held);
      if (charts.length)
        sections.push({
          key: s.key,
          kind: s.kind,
          title: s.title,
          ...withEnglish(['title'], ownEnglish(s)),
          grouped: false,
          charts,
          items: [],
        });
      continue;
    }
    const items = [];
    for (const c of sectionCounters(catalog.homes, s).filter((x) => holds(held, x.permission))) {
      const found = await count(db, catalog, c, caller, now);
      items.push({
        key: c.key,
        title: c.title,
        group: c.group ?? null,
        hint: c.hint ?? null,
        unit: c.unit ?? '单',
        link: c.link,
        ...found,
        ...withEnglish(['title', 'group', 'hint', 'unit'], ownEnglish(c)),
      });
    }
    sections.push({
      key: s.key,
      kind: s.kind,
      title: s.title,
      ...withEnglish(['title'], ownEnglish(s)),
      grouped: s.grouped ?? false,
      charts: [],
      items,
    });
  }
  return { name: home.name, title: home.title, sections, generatedAt: new Date(now).toISOString() };
}
