import type { EnumDef, FieldDef, ResourceDef, SeedDef, SeedGenerator } from '../../generated/schema-files';
import { isDate } from '../dates';
import { isRelativeDay, RELATIVE_DAY, seedDependencies } from './generate';

/**
 * Cross-references of seed files that the meta-schema cannot express (issue 12.6): the resource,
 * every field, enum, ref target and alias exist, and every required field gets a value. Pure: the
 * server runs it at start (a broken seed stops it) and so does the schema lint.
 */

export interface SeedProblem {
  /** seed/<name>.json */
  file: string;
  path: string;
  message: string;
}

const ptr = (...parts: string[]) =>
  parts.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

export function checkSeeds(
  seeds: Map<string, SeedDef>,
  resources: Map<string, ResourceDef>,
  enums: Map<string, EnumDef>,
): SeedProblem[] {
  const problems: SeedProblem[] = [];
  for (const seed of [...seeds.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const file = `seed/${seed.name}.json`;
    const add = (path: string, message: string) => problems.push({ file, path, message });
    const resource = resources.get(seed.name);
    if (!resource) {
      add('/name', `no resource "${seed.name}" (schemas/resources/${seed.name}.json)`);
      continue;
    }
    if (!resource.ownsTable) {
      add(
        '/name',
        `resource "${seed.name}" does not own its table (ownsTable): its demo data is seeded in TypeScript`,
      );
    }
    (seed.run ?? []).forEach((run, i) => {
      const target = run.resource ?? seed.name;
      const other = run.resource && run.resource !== seed.name;
      if (
        other &&
        !seedDependencies(seed, resource).includes(target) &&
        !madeBy(resources, seed.name).has(target)
      ) {
        add(
          ptr('run', String(i), 'resource'),
          `"${target}" is not seeded before "${seed.name}" (name it in a ref or in after) nor made by its transitions`,
        );
        return;
      }
      if (run.where && !resources.get(target)?.fields[run.where.field])
        add(
          ptr('run', String(i), 'where', 'field'),
          `resource "${target}" has no field "${run.where.field}"`,
        );
      const t = resources.get(target)?.states?.transitions.find((x) => x.name === run.transition);
      if (!t)
        add(
          ptr('run', String(i), 'transition'),
          `resource "${target}" has no transition "${run.transition}"`,
        );
      for (const name of Object.keys(run.input ?? {}))
        if (t && !(t.input ?? []).includes(name))
          add(ptr('run', String(i), 'input', name), `"${name}" is not an input of "${run.transition}"`);
    });
    const gen = seed.generate;
    if (gen) {
      checkGenerators(gen.fields, resource.fields, resource, ['generate', 'fields'], add, resources, enums);
      for (const [key, lines] of Object.entries(gen.children ?? {})) {
        const child = resource.children?.[key];
        if (!child) {
          add(ptr('generate', 'children', key), `resource "${seed.name}" has no child "${key}"`);
          continue;
        }
        if (lines.count[0]! > lines.count[1]!)
          add(ptr('generate', 'children', key, 'count'), 'min is above max');
        checkGenerators(
          lines.fields,
          child.fields,
          resource,
          ['generate', 'children', key, 'fields'],
          add,
          resources,
          enums,
          child.required ?? [],
          [child.primaryKey, child.foreignKey, child.lineNumber ?? ''],
        );
      }
    }
    (seed.rows ?? []).forEach((row, i) => {
      for (const key of Object.keys(row)) {
        if (!resource.fields[key] && !resource.children?.[key])
          add(ptr('rows', String(i), key), `resource "${seed.name}" has no field "${key}"`);
      }
      checkRelativeDays(row, resource.fields, ['rows', String(i)], add);
      for (const [key, child] of Object.entries(resource.children ?? {})) {
        const lines = (row as Record<string, unknown>)[key];
        if (!Array.isArray(lines)) continue;
        lines.forEach((line, j) => {
          if (typeof line === 'object' && line !== null)
            checkRelativeDays(
              line as Record<string, unknown>,
              child.fields,
              ['rows', String(i), key, String(j)],
              add,
            );
        });
      }
    });
  }
  return problems;
}

/** `{ "$day": "+20d" }` in a literal row: a date or date-time field, and a day the generator reads. */
function checkRelativeDays(
  row: Record<string, unknown>,
  fields: Record<string, FieldDef>,
  base: string[],
  add: (path: string, message: string) => void,
) {
  for (const [key, v] of Object.entries(row)) {
    if (!isRelativeDay(v)) continue;
    const f = fields[key];
    if (f && f.format !== 'date' && f.format !== 'date-time')
      add(ptr(...base, key), `"${key}" is no date or date-time field: $day does not apply`);
    if (!RELATIVE_DAY.test(v.$day) && !isDate(v.$day))
      add(ptr(...base, key, '$day'), `"${v.$day}" is no day: YYYY-MM-DD, today, -90d or +30d`);
  }
}

function checkGenerators(
  gens: Record<string, SeedGenerator>,
  fields: Record<string, FieldDef>,
  resource: ResourceDef,
  base: string[],
  add: (path: string, message: string) => void,
  resources: Map<string, ResourceDef>,
  enums: Map<string, EnumDef>,
  required: string[] = resource.required ?? [],
  written: string[] = [resource.primaryKey],
) {
  const aliases = new Set(Object.values(gens).flatMap((g) => (g.as ? [g.as] : [])));
  for (const [name, g] of Object.entries(gens)) {
    const at = ptr(...base, name);
    const field = fields[name];
    if (!field) {
      add(at, `no field "${name}" in resource "${resource.name}"`);
      continue;
    }
    const ways = [
      'const',
      'seq',
      'pattern',
      'pick',
      'enum',
      'int',
      'number',
      'total',
      'date',
      'dateTime',
      'words',
      'ref',
      'same',
      'after',
    ].filter((k) => k in g);
    if (ways.length !== 1)
      add(at, `give exactly one way to make the value (found ${ways.join(', ') || 'none'})`);
    if (g.enum && !(field['x-enum'] && enums.has(field['x-enum'])))
      add(`${at}/enum`, `field "${name}" has no x-enum`);
    if (g.ref) {
      const target = resources.get(g.ref);
      if (!target) add(`${at}/ref`, `no resource "${g.ref}"`);
      else if (g.field && !target.fields[g.field])
        add(`${at}/field`, `resource "${g.ref}" has no field "${g.field}"`);
      for (const k of Object.keys(g.where ?? {})) {
        if (target && !target.fields[k]) add(`${at}/where/${k}`, `resource "${g.ref}" has no field "${k}"`);
      }
    }
    if (g.same && !aliases.has(g.same)) add(`${at}/same`, `no ref in these fields is named "${g.same}" (as)`);
    if (g.nullRate && !field.nullable) add(`${at}/nullRate`, `field "${name}" is not nullable`);
    // after and when read another generated field of the row; an empty result needs a nullable field.
    if (g.after && !(fields[g.after.field]?.format === 'date-time' && gens[g.after.field]))
      add(`${at}/after/field`, `"${g.after.field}" is no generated date-time field of this row`);
    if (g.after && field.format !== 'date-time' && field.format !== 'date')
      add(`${at}/after`, `field "${name}" is no date or date-time field`);
    for (const n of [...(g.total?.plus ?? []), ...(g.total?.minus ?? [])])
      if (!(gens[n] && (fields[n]?.type === 'number' || fields[n]?.type === 'integer')))
        add(`${at}/total`, `"${n}" is no generated number of this row`);
    if (g.total && field.type !== 'number' && field.type !== 'integer')
      add(`${at}/total`, `field "${name}" is no number`);
    if (g.when && !gens[g.when.field])
      add(`${at}/when/field`, `"${g.when.field}" is no generated field of this row`);
    if ((g.when || (g.after && fields[g.after.field]?.nullable)) && !field.nullable)
      add(at, `field "${name}" may be left empty: make it nullable`);
    for (const key of ['date', 'dateTime'] as const) {
      for (const bound of g[key] ?? []) {
        if (!RELATIVE_DAY.test(String(bound)) && !isDate(String(bound)))
          add(`${at}/${key}`, `"${String(bound)}" is no day: YYYY-MM-DD, today, -90d or +30d`);
      }
    }
    if (g.pattern && /\{date:/.test(g.pattern) && !(g.from && gens[g.from])) {
      add(`${at}/from`, 'a {date:…} pattern needs "from": a generated date or dateTime field');
    }
  }
  for (const name of required) {
    const f = fields[name];
    if (!f || name in gens || written.includes(name) || f.default !== undefined) continue;
    add(ptr(...base), `required field "${name}" gets no value`);
  }
}

/** Resources whose rows the transitions of `name` create or change, through their effects, transitively. */
function madeBy(resources: Map<string, ResourceDef>, name: string): Set<string> {
  const seen = new Set<string>();
  const visit = (n: string) => {
    for (const t of resources.get(n)?.states?.transitions ?? [])
      for (const e of t.effects ?? [])
        if (!seen.has(e.resource) && e.resource !== name) {
          seen.add(e.resource);
          visit(e.resource);
        }
  };
  visit(name);
  return seen;
}
