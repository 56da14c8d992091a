import { type RawBuilder, sql } from 'kysely';
import type { ComputedDef } from '../../../src/generated/schema-files';
import type { FieldDef } from '../../../src/schema/types';

type Depreciation = NonNullable<ComputedDef['depreciation']>;

/**
 * Monthly straight-line depreciation of the row aliased `alias`, computed in SQL when read
 * (docs/schemas.md, "Depreciation"). Months are counted once over, from the month after `start`, up to
 * today in China time (or `until`, when set and earlier), at most `lifeMonths`. The accumulated amount
 * is rounded once from the whole depreciable amount — never a sum of rounded monthly amounts — so it
 * never drifts and reaches cost − residual exactly in the last month. Numeric arithmetic throughout.
 */
export function depreciationSql(
  fields: Record<string, FieldDef>,
  d: Depreciation,
  alias: string,
): RawBuilder<unknown> {
  const col = (name: string) => sql.ref(`${alias}.${fields[name]?.['x-column'] ?? name}`);
  const today = sql`(now() at time zone 'Asia/Shanghai')::date`;
  const asOf = d.until ? sql`least(coalesce(${col(d.until)}, ${today}), ${today})` : today;
  const monthIndex = (date: RawBuilder<unknown>) =>
    sql`(extract(year from ${date})::int * 12 + extract(month from ${date})::int)`;
  const life = sql`nullif(${col(d.lifeMonths)}, 0)`;
  const months = sql`greatest(0, least(${col(d.lifeMonths)}, ${monthIndex(asOf)} - ${monthIndex(
    sql`${col(d.start)}`,
  )} - 1))`;
  const depreciable = d.residual
    ? sql`(${col(d.cost)} - coalesce(${col(d.residual)}, 0))`
    : sql`${col(d.cost)}`;
  const accumulated = sql`round(${depreciable}::numeric * ${months} / ${life}, 2)`;
  switch (d.value) {
    case 'months':
      return sql`(case when ${life} is null then null else ${months} end)`;
    case 'monthly':
      return sql`round(${depreciable}::numeric / ${life}, 2)`;
    case 'accumulated':
      return accumulated;
    case 'net':
      return sql`(${col(d.cost)} - ${accumulated})`;
  }
}
