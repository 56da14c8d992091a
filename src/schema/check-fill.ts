import type { FillDef, ResourceDef, TransitionDef } from '../generated/schema-files';
import { templateRef } from './effects';

type Problem = { path: string; message: string };

/**
 * Problems of a transition's `fill`, `schedule` and its stock moves' `when` (docs/schemas.md:
 * lines from another resource, scheduled transitions, freezing stock), against the catalog.
 */
export function transitionExtraProblems(
  t: TransitionDef,
  owner: ResourceDef,
  resources: Map<string, ResourceDef>,
): Problem[] {
  const out: Problem[] = [];
  (t.stock ?? []).forEach((m, j) => {
    if (m.when && !owner.fields[m.when.field])
      out.push({
        path: `/stock/${j}/when/field`,
        message: `resource "${owner.name}" has no field "${m.when.field}"`,
      });
  });
  if (t.schedule) {
    const f = owner.fields[t.schedule.after];
    if (!f || (f.format !== 'date' && f.format !== 'date-time'))
      out.push({ path: '/schedule/after', message: `"${t.schedule.after}" is no date or date-time field` });
    else if (t.schedule.at && f.format !== 'date')
      out.push({ path: '/schedule/at', message: '"at" applies to a date field only' });
  }
  const fills = t.fill === undefined ? [] : Array.isArray(t.fill) ? t.fill : [t.fill];
  fills.forEach((fill, k) =>
    out.push(...fillProblems(fill, Array.isArray(t.fill) ? `/fill/${k}` : '/fill', owner, resources)),
  );
  return out;
}

/** Problems of one fill (its child, source, filters, condition and values). */
function fillProblems(
  fill: FillDef,
  at: string,
  owner: ResourceDef,
  resources: Map<string, ResourceDef>,
): Problem[] {
  const out: Problem[] = [];
  const child = owner.children?.[fill.child];
  const source = resources.get(fill.from);
  if (!child) out.push({ path: `${at}/child`, message: `no child "${fill.child}"` });
  if (!source) return [...out, { path: `${at}/from`, message: `unknown resource "${fill.from}"` }];
  for (const [name, value] of Object.entries(fill.filters)) {
    if (!source.filters?.[name])
      out.push({
        path: `${at}/filters/${name}`,
        message: `resource "${source.name}" has no filter "${name}"`,
      });
    for (const v of Array.isArray(value) ? value : [value]) {
      const ref = templateRef(v);
      if (
        typeof v === 'string' &&
        v.startsWith('$') &&
        (!ref || ref.from !== 'row' || !owner.fields[ref.field])
      )
        out.push({
          path: `${at}/filters/${name}`,
          message: `"${v}" is no field of "${owner.name}" ("$row.x")`,
        });
    }
  }
  if (fill.when && !owner.fields[fill.when.field])
    out.push({
      path: `${at}/when/field`,
      message: `resource "${owner.name}" has no field "${fill.when.field}"`,
    });
  if (fill.where && !source.fields[fill.where.field])
    out.push({
      path: `${at}/where/field`,
      message: `resource "${source.name}" has no field "${fill.where.field}"`,
    });
  (fill.orderBy ?? []).forEach((f, i) => {
    if (!source.fields[f])
      out.push({ path: `${at}/orderBy/${i}`, message: `resource "${source.name}" has no field "${f}"` });
  });
  for (const [to, from] of Object.entries(fill.values)) {
    if (child && !child.fields[to])
      out.push({ path: `${at}/values/${to}`, message: `child "${fill.child}" has no field "${to}"` });
    if (!source.fields[String(from)])
      out.push({
        path: `${at}/values/${to}`,
        message: `resource "${source.name}" has no field "${String(from)}"`,
      });
  }
  return out;
}
