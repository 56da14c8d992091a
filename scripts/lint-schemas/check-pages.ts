import { readableFields } from '../../src/schema/request-schemas';
import type { FieldDef, ResourceDef } from '../../src/schema/types';
import { printKeyField } from '../../src/schema/print-handover';
import { checkSearch } from './check-search';
import { knownPermission, type LintContext } from './context';
import type {
  ActionDef,
  ColumnDef,
  DetailSectionRelatedDef,
  FormDef,
  PageDef,
  PrintDef,
} from '../../src/generated/schema-files';
import { DEFAULT_PAGE_SIZES } from '../../src/schema/page-sizes';
import { importProblems } from '../../src/schema/imports';

type Add = (path: string, message: string) => void;

const NUMERIC = ['money', 'quantity', 'digit', 'fileSize'];

function checkColumn(
  ctx: LintContext,
  fields: Record<string, FieldDef>,
  c: ColumnDef,
  at: string,
  add: Add,
  sortable?: string[],
) {
  const f = fields[c.field];
  if (!f || !readableFields(fields).includes(c.field))
    return add(`${at}/field`, `unknown field "${c.field}"`);
  const en = c.enum ?? f['x-enum'];
  if (c.valueType === 'enum') {
    if (!en) add(`${at}/valueType`, `"${c.field}" has no x-enum; name one with "enum"`);
    else if (!ctx.catalog.enums.has(en)) add(c.enum ? `${at}/enum` : `${at}/field`, `unknown enum "${en}"`);
  } else if (c.enum && !ctx.catalog.enums.has(c.enum)) add(`${at}/enum`, `unknown enum "${c.enum}"`);
  if (NUMERIC.includes(c.valueType) && f.type !== 'number' && f.type !== 'integer') {
    add(`${at}/valueType`, `${c.valueType} needs a number field, "${c.field}" is ${f.type}`);
  }
  if (
    (c.valueType === 'date' || c.valueType === 'dateTime') &&
    f.format !== 'date' &&
    f.format !== 'date-time'
  ) {
    add(`${at}/valueType`, `${c.valueType} needs a date or date-time field`);
  }
  if (c.valueType === 'tags' && f.type !== 'array') add(`${at}/valueType`, 'tags needs an array field');
  if (c.valueType === 'richText' && f.type !== 'string')
    add(`${at}/valueType`, `richText needs a string field, "${c.field}" is ${f.type}`);
  if (
    c.format &&
    !(
      (c.valueType === 'dateTime' && c.format.startsWith('yyyy')) ||
      (c.valueType === 'time' && c.format.startsWith('HH'))
    )
  ) {
    add(`${at}/format`, `format "${c.format}" does not fit valueType ${c.valueType}`);
  }
  if (c.sortable && sortable && !sortable.includes(c.field))
    add(`${at}/sortable`, `"${c.field}" is not sortable on the resource`);
  if (c.valueType === 'link' && !c.link) add(`${at}/link`, 'a link column needs link.action or link.href');
  if (c.link?.href) checkHref(fields, c.link.href, `${at}/link/href`, add);
}

function checkHref(fields: Record<string, FieldDef>, href: string, at: string, add: Add) {
  for (const m of href.matchAll(/\{([^}]+)\}/g)) if (!fields[m[1]!]) add(at, `unknown field "{${m[1]}}"`);
}

function formFor(ctx: LintContext, name: string | undefined, at: string, add: Add, want: Partial<FormDef>) {
  if (!name) return;
  const form = ctx.forms.get(name)?.data as unknown as FormDef | undefined;
  if (!form) return add(`${at}/form`, `unknown form "${name}" (no schemas/forms/${name}.json)`);
  for (const [k, v] of Object.entries(want)) {
    if ((form as unknown as Record<string, unknown>)[k] !== v)
      add(`${at}/form`, `form "${name}" has ${k} "${String((form as never)[k])}", expected "${String(v)}"`);
  }
}

function checkAction(
  ctx: LintContext,
  r: ResourceDef | undefined,
  a: ActionDef,
  at: string,
  add: Add,
  where: 'row' | 'toolbar' | 'batch',
) {
  if (a.permission && !knownPermission(ctx, a.permission))
    add(`${at}/permission`, `unknown permission "${a.permission}" (not in schemas/menu)`);
  if (a.type === 'link') {
    if (!a.href) add(`${at}/href`, 'a link needs href');
    if (!a.permission) add(`${at}/permission`, 'a link needs a permission');
    if (a.href && r) checkHref(r.fields, a.href, `${at}/href`, add);
    return;
  }
  if (!r) return add(`${at}/type`, `"${a.type}" needs a resource page`);
  if (a.type === 'print') return checkPrintAction(ctx, r, a, at, add, where);
  const allowed = {
    row: ['detail', 'create', 'edit', 'delete', 'transition', 'relation'],
    toolbar: ['create', 'export', 'import', 'call'],
    batch: ['transition'],
  }[where];
  if (!allowed.includes(a.type))
    return add(`${at}/type`, `"${a.type}" is not allowed among ${where} actions`);
  if (a.type === 'call') {
    // A route of its own (server/routes or a service), checked to exist by check-endpoints.ts.
    if (!a.call) add(at, 'a call needs call (method, path)');
    if (!a.permission) add(`${at}/permission`, 'a call needs a permission');
    return;
  }
  if (a.call) add(`${at}/call`, 'call only on a call action');
  if (a.states) checkActionStates(ctx, r, a, at, add, where);
  if (a.asJob && where !== 'batch') add(`${at}/asJob`, 'asJob only on a batch action');
  const e = r.endpoints;
  const need = (ok: unknown, what: string) => {
    if (!ok) add(`${at}/type`, `resource "${r.name}" has no ${what} endpoint`);
  };
  switch (a.type) {
    case 'detail':
      need(e.get, 'get');
      break;
    case 'create':
      need(e.create, 'create');
      if (!a.form) add(`${at}/form`, 'create needs a form');
      formFor(ctx, a.form, at, add, { resource: r.name, action: 'create' });
      if (a.values && where !== 'row') add(`${at}/values`, 'values (from the row) only on a row action');
      for (const [k, v] of Object.entries(a.values ?? {})) {
        if (!r.fields[k]) add(`${at}/values/${k}`, `resource "${r.name}" has no field "${k}"`);
        if (typeof v === 'string') checkHref(r.fields, v, `${at}/values/${k}`, add);
      }
      break;
    case 'edit':
      need(e.update, 'update');
      if (!a.form) add(`${at}/form`, 'edit needs a form');
      formFor(ctx, a.form, at, add, { resource: r.name, action: 'update' });
      break;
    case 'delete':
      need(e.delete, 'delete');
      break;
    case 'export':
      // The export centre repeats the engine's list query; a hand-written list cannot be repeated.
      need(e.list && !e.list.external, 'engine list');
      break;
    case 'import':
      need(e.create, 'create');
      for (const p of importProblems(r, a.import)) add(`${at}/import`, p);
      break;
    case 'transition': {
      const t = r.states?.transitions.find((x) => x.name === a.transition);
      if (!t) return add(`${at}/transition`, `unknown transition "${a.transition}" of resource "${r.name}"`);
      if (t.system) add(`${at}/transition`, `transition "${t.name}" is run by the system only: no button`);
      need(
        where === 'batch' ? e.batchTransition : e.transition,
        where === 'batch' ? 'batchTransition' : 'transition',
      );
      if (t.input?.length && !a.form) add(`${at}/form`, `transition "${t.name}" takes input: name its form`);
      formFor(ctx, a.form, at, add, { resource: r.name, action: 'transition', transition: t.name });
      break;
    }
    case 'relation':
      if (!r.relations?.[a.relation ?? ''])
        return add(`${at}/relation`, `unknown relation "${a.relation}" of resource "${r.name}"`);
      if (!a.form) add(`${at}/form`, 'a relation needs a form');
      formFor(ctx, a.form, at, add, { resource: r.name, action: 'relation', relation: a.relation });
      break;
  }
}

/**
 * A page either names an entry of schemas/menu (menu.uri alone) or declares its own entry
 * (menu.group): then neither its uri nor its button codes may exist anywhere else in the menu.
 */
function checkMenu(ctx: LintContext, p: PageDef, add: Add) {
  const { uri, group } = p.menu;
  // A page reached by links (menu.route) sits under another page's entry and fixes filters it has.
  if (p.menu.route && group) add('/menu/route', 'a page reached by links declares no entry: drop menu.group');
  const filters = p.resource ? ctx.catalog.resources.get(p.resource)?.filters : undefined;
  for (const [param, filter] of Object.entries(p.menu.route?.params ?? {}))
    if (!filters?.[filter]) add(`/menu/route/params/${param}`, `the resource has no filter "${filter}"`);
  if (!uri.startsWith(`/${p.app}/`)) add('/menu/uri', `the uri must start with /${p.app}/`);
  if (!group) {
    const app = ctx.permissions.pages.get(uri);
    if (!app) add('/menu/uri', `no menu entry with uri "${uri}" in schemas/menu (or declare menu.group)`);
    else if (app !== p.app) add('/menu/uri', `menu entry "${uri}" belongs to app ${app}`);
    return;
  }
  if (ctx.permissions.seedPages.has(uri))
    add('/menu/uri', `"${uri}" is already an entry of schemas/menu: drop menu.group or the seed entry`);
  if (ctx.declared.filter((d) => d.uri === uri).length > 1)
    add('/menu/uri', `another page declares the menu entry "${uri}" too`);
  (p.menu.buttons ?? []).forEach((b, i) => {
    const owners = ctx.declared.filter((d) => d.buttons.some((x) => x.code === b.code));
    if (ctx.permissions.seedCodes.has(b.code) || owners.length > 1)
      add(`/menu/buttons/${i}/code`, `button code "${b.code}" is used by another menu entry`);
  });
}

/**
 * A row action's states: values of the state enum within what the resource allows the action
 * (an edit's editableIn, a transition's from, a delete's deletableIn), else the button never shows.
 */
function checkActionStates(
  ctx: LintContext,
  r: ResourceDef,
  a: ActionDef,
  at: string,
  add: Add,
  where: string,
) {
  if (where !== 'row') return add(`${at}/states`, 'states only on a row action');
  const s = r.states;
  if (!s) return add(`${at}/states`, `resource "${r.name}" has no states`);
  const transition = a.type === 'transition' ? s.transitions.find((t) => t.name === a.transition) : undefined;
  const within = a.type === 'edit' ? s.editableIn : a.type === 'delete' ? s.deletableIn : transition?.from;
  const what = a.type === 'transition' ? `transition "${a.transition}" from` : `${a.type} in`;
  const en = ctx.catalog.enums.get(r.fields[s.field]?.['x-enum'] ?? '');
  a.states!.forEach((v, i) => {
    if (en && !en.items.some((item) => String(item.value) === String(v)))
      return add(`${at}/states/${i}`, `${JSON.stringify(v)} is not a value of enum "${en.name}"`);
    if (within && !within.some((w) => String(w) === String(v)))
      add(
        `${at}/states/${i}`,
        `${JSON.stringify(v)} is not among the states resource "${r.name}" allows ${what}`,
      );
  });
}

/**
 * A print action: a print file of this page's resource, a permission, batch only where the file prints
 * a selection, and every field the button reads from the list's rows (the route key, the gathered
 * rows' mapped fields) readable there.
 */
function checkPrintAction(
  ctx: LintContext,
  r: ResourceDef,
  a: ActionDef,
  at: string,
  add: Add,
  where: 'row' | 'toolbar' | 'batch',
) {
  if (!a.permission) add(`${at}/permission`, 'a print needs a permission');
  const file = a.print ? ctx.prints.get(a.print) : undefined;
  if (!file) return add(`${at}/print`, `unknown print document "${a.print ?? ''}" (not in schemas/prints)`);
  const print = file.data as unknown as PrintDef;
  if (print.resource !== r.name)
    return add(`${at}/print`, `"${a.print}" prints resource "${print.resource}", not "${r.name}"`);
  if (where === 'toolbar') add(`${at}/type`, '"print" is not allowed among toolbar actions');
  const s = print.source;
  if (where === 'batch' && !(s?.type === 'storage' && s.selection))
    add(`${at}/type`, `"${a.print}" prints one row (no source.selection): a row action only`);
  const readable = readableFields(r.fields);
  const reads = new Set<string>();
  if (where === 'row') reads.add(printKeyField(print, r));
  if (s?.type === 'storage' && (where === 'batch' || s.gather !== 'get')) {
    for (const from of Object.values(s.map ?? {})) reads.add(typeof from === 'string' ? from : from.list);
    for (const from of Object.values(s.lines?.map ?? {})) reads.add(from);
  }
  for (const f of reads)
    if (Object.hasOwn(r.fields, f) && !readable.includes(f))
      add(`${at}/print`, `"${a.print}" reads field "${f}", which the list of "${r.name}" does not answer`);
}

/** Pages: menu placement, data source, search fields, columns, sorting, page sizes and actions. */
const codes = (p: string | string[] | undefined) => (p === undefined ? [] : Array.isArray(p) ? p : [p]);

/**
 * Whoever may open a page may use its pickers: each resource a writable reference or a search filter of
 * the page picks from must list the page's own list permission (its uri) among the codes of the list
 * (or, for a tree select, the all) endpoint; else the picker answers 401 to exactly the page's users.
 */
function checkPickers(ctx: LintContext, p: PageDef, r: ResourceDef, add: Add) {
  const page = new Set(codes(r.endpoints.list?.permission));
  if (!page.size) return;
  // Each picker's endpoint: the list (or a view of it, SPEC 7.6) of a reference, the all of a tree.
  const need = new Map<string, { name: string; kind: 'list' | 'all'; view?: string }>();
  const want = (name: string, kind: 'list' | 'all', view?: string) =>
    need.set(`${name} ${kind} ${view ?? ''}`, { name, kind, ...(view ? { view } : {}) });
  const writable = [r.fields, ...Object.values(r.children ?? {}).map((c) => c.fields)];
  for (const fields of writable)
    for (const f of Object.values(fields))
      if (f['x-reference'] && !f.readOnly) want(f['x-reference'].resource, 'list', f['x-reference'].view);
  for (const s of p.search ?? []) {
    const flt = r.filters?.[s.field];
    const f = r.fields[flt?.field ?? s.field];
    if (flt?.op === 'under') want(flt.tree ?? f?.['x-reference']?.resource ?? '', 'all');
    else if (f?.['x-reference'] && flt?.op === 'eq')
      want(f['x-reference'].resource, 'list', f['x-reference'].view);
  }
  for (const { name, kind, view } of need.values()) {
    const target = ctx.catalog.resources.get(name);
    const ep = view ? target?.views?.[view] : target?.endpoints[kind];
    if (!target || !ep || ('external' in ep && ep.external)) continue;
    if (!codes(ep.permission).some((c) => page.has(c)))
      add(
        '/resource',
        `the page picks ${name} rows, but resource "${name}" does not let ${[...page].join(', ')} call its ${view ? `${view} view` : `${kind} endpoint`}: add it to that permission`,
      );
  }
}

export function checkPages(ctx: LintContext): void {
  for (const file of ctx.pages.values()) {
    const p = file.data as unknown as PageDef;
    const add: Add = (path, message) => ctx.add(file.file, path, message);
    const folder = file.file.split('/')[1];
    if (p.app !== folder) add('/app', `app "${p.app}" but the file is in pages/${folder}/`);
    checkMenu(ctx, p, add);
    const r = p.resource ? ctx.catalog.resources.get(p.resource) : undefined;
    if (p.resource && !r) {
      add('/resource', `unknown resource "${p.resource}" (no schemas/resources/${p.resource}.json)`);
      continue;
    }
    if (p.endpoint && !knownPermission(ctx, p.endpoint.permission))
      add('/endpoint/permission', `unknown permission "${p.endpoint.permission}"`);
    if (r && !r.endpoints.list) add('/resource', `resource "${r.name}" has no list endpoint`);
    (p.detail?.sections ?? []).forEach((sec, i) => {
      const at = `/detail/sections/${i}`;
      if (sec.endpoint && !knownPermission(ctx, sec.endpoint.permission))
        add(`${at}/endpoint/permission`, `unknown permission "${sec.endpoint.permission}"`);
      sec.columns.forEach((c, j) => {
        if (!c.title) add(`${at}/columns/${j}/title`, `a section's column needs its title`);
      });
      if (sec.related) checkRelated(ctx, r, sec.related, sec.columns, at, add);
    });
    if (r && p.rowKey && !r.fields[p.rowKey]) add('/rowKey', `unknown field "${p.rowKey}"`);
    checkSearch(ctx, p, r, add);
    if (r) checkPickers(ctx, p, r, add);
    p.columns.forEach((c, i) => r && checkColumn(ctx, r.fields, c, `/columns/${i}`, add, r.sortable ?? []));
    (p.defaultSort ?? []).forEach((s, i) => {
      if (r && !(r.sortable ?? []).includes(s.field))
        add(`/defaultSort/${i}/field`, `"${s.field}" is not sortable on resource "${r.name}"`);
    });
    const sizes: readonly number[] = p.pageSizes ?? DEFAULT_PAGE_SIZES;
    if (p.defaultPageSize && !sizes.includes(p.defaultPageSize))
      add('/defaultPageSize', `${p.defaultPageSize} is not one of pageSizes`);
    (p.rowActions ?? []).forEach((a, i) => checkAction(ctx, r, a, `/rowActions/${i}`, add, 'row'));
    (p.toolbar ?? []).forEach((a, i) => checkAction(ctx, r, a, `/toolbar/${i}`, add, 'toolbar'));
    (p.batchActions ?? []).forEach((a, i) => checkAction(ctx, r, a, `/batchActions/${i}`, add, 'batch'));
    if (p.detail && r) {
      (p.detail.fields ?? []).forEach((c, i) => checkColumn(ctx, r.fields, c, `/detail/fields/${i}`, add));
      (p.detail.children ?? []).forEach((ch, i) => {
        const child = r.children?.[ch.name];
        if (!child)
          return add(`/detail/children/${i}/name`, `resource "${r.name}" has no child "${ch.name}"`);
        ch.columns.forEach((c, j) =>
          checkColumn(ctx, child.fields, c, `/detail/children/${i}/columns/${j}`, add),
        );
      });
    }
  }
}

/**
 * A detail section of related rows (detail.sections[].related): the resource lists, its filters take
 * this page's row fields, and its columns are its fields.
 */
function checkRelated(
  ctx: LintContext,
  r: ResourceDef | undefined,
  related: DetailSectionRelatedDef,
  columns: { field: string }[],
  at: string,
  add: Add,
) {
  const other = ctx.catalog.resources.get(related.resource);
  if (!other) {
    add(`${at}/related/resource`, `unknown resource "${related.resource}"`);
    return;
  }
  if (!other.endpoints.list) add(`${at}/related/resource`, `resource "${other.name}" has no list endpoint`);
  for (const [filter, field] of Object.entries(related.filter)) {
    if (!other.filters?.[filter])
      add(`${at}/related/filter/${filter}`, `resource "${other.name}" has no filter "${filter}"`);
    if (r && !r.fields[field])
      add(`${at}/related/filter/${filter}`, `resource "${r.name}" has no field "${field}"`);
  }
  columns.forEach((c, j) => {
    if (!other.fields[c.field])
      add(`${at}/columns/${j}/field`, `resource "${other.name}" has no field "${c.field}"`);
  });
}
