import type { Catalog, FieldDef, HomeCondition, HomeCounter, HomeDef, HomeSection } from './types';

type Problem = { path: string; message: string };

/** `$today`, `$today+7`, `$today-1`: the China day, shifted by whole days. */
export const TODAY_VALUE = /^\$today(?:([+-])(\d{1,4}))?$/;

const permissions = (p: string | string[]) => (Array.isArray(p) ? p : [p]);

/**
 * The counters a section shows: those of the sections it includes (in order), then its own.
 * Unknown includes are skipped here (checkHome reports them) and an include cycle stops at the repeat.
 */
export function sectionCounters(
  homes: ReadonlyMap<string, HomeDef>,
  section: HomeSection,
  seen: ReadonlySet<string> = new Set(),
): HomeCounter[] {
  const out: HomeCounter[] = [];
  for (const inc of section.include ?? []) {
    const id = `${inc.home}#${inc.section}`;
    if (seen.has(id)) continue;
    const other = homes.get(inc.home)?.sections.find((s) => s.key === inc.section);
    if (other) out.push(...sectionCounters(homes, other, new Set([...seen, id])));
  }
  return [...out, ...(section.counters ?? [])];
}

function checkCondition(
  c: HomeCondition,
  fields: Record<string, FieldDef>,
  resource: string,
  add: (path: string, message: string) => void,
  at: string,
) {
  const f = fields[c.field];
  if (!f) return add(`${at}/field`, `resource "${resource}" has no field "${c.field}"`);
  if (c.otherField !== undefined) {
    if (!fields[c.otherField])
      add(`${at}/otherField`, `resource "${resource}" has no field "${c.otherField}"`);
    if (c.op === 'in') add(`${at}/op`, 'op "in" compares with a list of values, not a field');
    return;
  }
  if (c.op === 'in' && !Array.isArray(c.value)) add(`${at}/value`, 'op "in" needs a list of values');
  if (c.op !== 'in' && Array.isArray(c.value)) add(`${at}/value`, `op "${c.op}" needs one value`);
  if (typeof c.value === 'string' && c.value.startsWith('$')) {
    if (!TODAY_VALUE.test(c.value)) add(`${at}/value`, `unknown value "${c.value}" (only $today[+-N])`);
    else if (f.format !== 'date' && f.format !== 'date-time')
      add(`${at}/value`, `"${c.value}" needs a date or date-time field; "${c.field}" is neither`);
  }
}

/** A dashboard's charts: each names an aggregate of its resource that can be drawn that way. */
function checkCharts(
  s: HomeSection,
  catalog: Pick<Catalog, 'resources'>,
  known: { page(uri: string): boolean } | undefined,
  add: (path: string, message: string) => void,
  at: string,
) {
  if (!s.charts?.length) return add(`${at}/charts`, 'a charts section needs charts');
  const keys = new Set<string>();
  s.charts.forEach((c, i) => {
    const cat = `${at}/charts/${i}`;
    const key = `${c.resource}.${c.aggregate}:${c.type}`;
    if (keys.has(key)) add(cat, `chart "${key}" appears twice`);
    keys.add(key);
    const r = catalog.resources.get(c.resource);
    if (!r) return add(`${cat}/resource`, `unknown resource "${c.resource}"`);
    const def = r.aggregates?.[c.aggregate];
    if (!def) return add(`${cat}/aggregate`, `resource "${r.name}" has no aggregate "${c.aggregate}"`);
    if (c.type !== 'statistic' && !def.groupBy?.length)
      add(`${cat}/type`, `aggregate "${c.aggregate}" has no groupBy: only "statistic" can draw it`);
    if (c.link && known && !known.page(c.link.split('?')[0]!))
      add(`${cat}/link`, `no page "${c.link.split('?')[0]}" in the menu`);
  });
}

/**
 * A home file (schemas/home, issue 16.8) against the catalog: sections and counter keys unique,
 * includes resolve, each counter's resource, condition fields, `oldest` field and permission exist.
 * Pure; the server refuses to start on a problem, the lint also checks permissions and link pages.
 */
export function checkHome(
  home: HomeDef,
  catalog: Pick<Catalog, 'resources' | 'homes'>,
  known?: { permission(code: string): boolean; page(uri: string): boolean },
): Problem[] {
  const out: Problem[] = [];
  const add = (path: string, message: string) => out.push({ path, message });
  const sectionKeys = new Set<string>();
  // Counter keys are unique across every home file: the browser and tests find a tile by its key.
  const elsewhere = new Map<string, string>();
  for (const other of catalog.homes.values())
    if (other.name !== home.name)
      for (const s of other.sections) for (const c of s.counters ?? []) elsewhere.set(c.key, other.name);
  const counterKeys = new Set<string>();
  home.sections.forEach((s, si) => {
    const at = `/sections/${si}`;
    if (sectionKeys.has(s.key)) add(`${at}/key`, `section "${s.key}" appears twice`);
    sectionKeys.add(s.key);
    if (s.kind === 'charts') {
      if (s.include?.length || s.counters?.length || s.grouped)
        add(at, 'a charts section has charts only (no counters, include or grouped)');
      checkCharts(s, catalog, known, add, at);
    } else if (s.charts?.length) add(`${at}/charts`, `a "${s.kind}" section has no charts (kind "charts")`);
    else if (!s.include?.length && !s.counters?.length) add(at, 'a section needs counters or an include');
    s.include?.forEach((inc, ii) => {
      const other = catalog.homes.get(inc.home);
      const target = other?.sections.find((x) => x.key === inc.section);
      if (!other) add(`${at}/include/${ii}/home`, `unknown home "${inc.home}"`);
      else if (!target)
        add(`${at}/include/${ii}/section`, `home "${inc.home}" has no section "${inc.section}"`);
      else if (target.kind !== s.kind)
        add(
          `${at}/include/${ii}/section`,
          `section "${inc.section}" is of kind "${target.kind}", not "${s.kind}"`,
        );
      else if (inc.home === home.name && inc.section === s.key)
        add(`${at}/include/${ii}`, 'a section cannot include itself');
    });
    for (const p of s.permission ? permissions(s.permission) : [])
      if (known && !known.permission(p)) add(`${at}/permission`, `unknown permission "${p}"`);
    s.counters?.forEach((c, ci) => {
      const cat = `${at}/counters/${ci}`;
      if (counterKeys.has(c.key)) add(`${cat}/key`, `counter "${c.key}" appears twice`);
      else if (elsewhere.has(c.key))
        add(
          `${cat}/key`,
          `counter "${c.key}" is also in home "${elsewhere.get(c.key)}" (include it instead)`,
        );
      counterKeys.add(c.key);
      const r = catalog.resources.get(c.resource);
      if (!r) return add(`${cat}/resource`, `unknown resource "${c.resource}"`);
      c.where?.forEach((w, wi) => checkCondition(w, r.fields, r.name, add, `${cat}/where/${wi}`));
      if (c.oldest !== undefined && r.fields[c.oldest]?.format !== 'date-time')
        add(`${cat}/oldest`, `"${c.oldest}" is not a date-time field of "${r.name}"`);
      for (const p of permissions(c.permission))
        if (known && !known.permission(p)) add(`${cat}/permission`, `unknown permission "${p}"`);
      const page = c.link.split('?')[0]!;
      if (known && !known.page(page)) add(`${cat}/link`, `no page "${page}" in the menu`);
    });
  });
  return out;
}
