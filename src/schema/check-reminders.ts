import type { FieldDef, ReminderDef, ResourceDef } from './types';
import { warehouseScopeOf } from './scope';
import { isColumn } from './tables/plan';

type Problem = { path: string; message: string };

/** The placeholder every reminder text may use besides the fields: the days left until the date. */
export const DAYS_LEFT = 'daysLeft';
/** A digest's title and text also take the number of rows and their list. */
export const DIGEST_PLACEHOLDERS = ['count', 'lines'];

/** `{name}` placeholders of a reminder's title or text, in order. */
export const reminderPlaceholders = (text: string): string[] =>
  [...text.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((m) => m[1]!);

/** The fields a reminder's placeholders read: the line's (with a child) before the row's. */
export function reminderField(r: ResourceDef, m: ReminderDef, name: string): FieldDef | undefined {
  const line = m.child ? r.children?.[m.child]?.fields[name] : undefined;
  return line ?? r.fields[name];
}

/**
 * The field naming the organisation a row belongs to, for receivers `org: row`: the list's store
 * scope, else its (first) warehouse scope field.
 */
export function reminderOrgField(r: Pick<ResourceDef, 'endpoints' | 'views'>): string | undefined {
  return r.endpoints.list?.storeScope ?? warehouseScopeOf(r)[0];
}

const readable = (f: FieldDef | undefined) =>
  !!f && isColumn(f) && !f.writeOnly && !f['x-secret'] && f.type !== 'array';
/** What a placeholder may show: a column, or a name looked up from another table (a warehouse's). */
const showable = (f: FieldDef | undefined) =>
  readable(f) || ((!!f?.['x-lookup'] || !!f?.['x-computed']?.sumOf) && !f.writeOnly);
/** What `where` may compare: a column, or a sum read live (stock on hand). */
const comparable = (f: FieldDef | undefined) => readable(f) || (!!f?.['x-computed']?.sumOf && !f.writeOnly);

/**
 * A resource's reminders (docs/schemas.md): the child, the date field, identity and where fields, the
 * placeholders of title and text, and the receivers' organisation exist; with `knownPermission` and
 * `knownPage` (the lint) the permission code and the link too. Pure; the server refuses to start on a
 * problem (src/schema/node/load.ts).
 */
export function checkReminders(
  r: ResourceDef,
  knownPermission?: (code: string) => boolean,
  knownPage?: (uri: string) => boolean,
): Problem[] {
  const out: Problem[] = [];
  const names = new Set<string>();
  (r.reminders ?? []).forEach((m, i) => {
    const at = `/reminders/${i}`;
    const add = (path: string, message: string) => out.push({ path: `${at}${path}`, message });
    if (names.has(m.name)) add('/name', `duplicate reminder "${m.name}"`);
    names.add(m.name);
    const child = m.child ? r.children?.[m.child] : undefined;
    if (m.child && !child) return add('/child', `resource "${r.name}" has no child "${m.child}"`);
    const dateFields = child ? child.fields : r.fields;
    const owner = child ? `child "${m.child}"` : `resource "${r.name}"`;
    if (m.digest) {
      if (m.child) add('/child', 'a digest lists the rows themselves: no child');
      for (const name of reminderPlaceholders(m.digest.line))
        if (!showable(r.fields[name]))
          add('/digest/line', `unknown placeholder {${name}}: no readable field of resource "${r.name}"`);
    } else if (m.dateField !== undefined) {
      const date = dateFields[m.dateField];
      if (!date) add('/dateField', `${owner} has no field "${m.dateField}"`);
      else if (date.format !== 'date' || !isColumn(date))
        add('/dateField', `"${m.dateField}" is no date field (format date) of ${owner}`);
    }
    if (m.identity && !child) add('/identity', 'identity names line fields: it needs a child');
    (m.identity ?? []).forEach((name, j) => {
      if (child && !readable(child.fields[name]))
        add(`/identity/${j}`, `child "${m.child}" has no readable field "${name}"`);
    });
    for (const [name, value] of Object.entries(m.where ?? {})) {
      if (!comparable(r.fields[name])) add(`/where/${name}`, `resource "${r.name}" has no field "${name}"`);
      const other =
        typeof value === 'object' && value !== null && !Array.isArray(value) ? value.ltField : undefined;
      if (other !== undefined && !comparable(r.fields[other]))
        add(`/where/${name}/ltField`, `resource "${r.name}" has no field "${other}"`);
    }
    for (const key of ['title', 'text'] as const) {
      for (const name of reminderPlaceholders(m[key])) {
        if (name === DAYS_LEFT || (m.digest && DIGEST_PLACEHOLDERS.includes(name))) continue;
        if (!showable(reminderField(r, m, name)))
          add(
            `/${key}`,
            `unknown placeholder {${name}}: no readable field of ${child ? `child "${m.child}" or ` : ''}resource "${r.name}"`,
          );
      }
    }
    if (m.to.org === 'row' && !reminderOrgField(r))
      add(
        '/to/org',
        `resource "${r.name}" has no store or warehouse scope (endpoints.list.storeScope, warehouseScope): use headquarters`,
      );
    if (knownPermission && !knownPermission(m.to.permission))
      add('/to/permission', `unknown permission "${m.to.permission}" (not in schemas/menu)`);
    if (m.link && knownPage && !knownPage(m.link)) add('/link', `unknown page "${m.link}"`);
  });
  return out;
}
