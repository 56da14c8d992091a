import { checkAggregate } from './aggregates';
import { effectProblems, stockMoveProblems } from './effects';
import { transitionExtraProblems } from './check-fill';
import { checkMasking } from './check-mask';
import { checkRules } from './check-rules';
import { headerField, resolveReference, treeOfFilter } from './references';
import { isColumn } from './tables/plan';
import { displayPath, type SchemaProblem } from './files';
import { filterFields } from './filters';
import { pathParams } from './routes';
import { warehouseScopeOf } from './scope';
import type { Catalog, ChildDef, FieldDef, ResourceDef, StateValue } from './types';
import type { ComputedDef } from '../generated/schema-files';

/** JSON pointer escaping (RFC 6901). */
export const ptr = (...parts: (string | number)[]) =>
  parts.map((p) => `/${String(p).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Cross-references inside resources that the meta-schema cannot express: fields named by filters,
 * sorting, states, stamps and endpoints exist; enums and named validators resolve; enum values of
 * states exist. Used by the server at start (load.ts) and by the schema lint.
 */
export function checkResources(catalog: Catalog): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  for (const r of [...catalog.resources.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const file = displayPath(catalog.dir, `resources/${r.name}.json`);
    const add = (path: string, message: string) => problems.push({ file, path, message });
    checkResource(catalog, r, add);
  }
  return problems;
}

type Add = (path: string, message: string) => void;

function checkFields(catalog: Catalog, fields: Record<string, FieldDef>, base: string, add: Add) {
  for (const [name, f] of Object.entries(fields)) {
    const at = `${base}${ptr('fields', name)}`;
    const en = f['x-enum'];
    if (en) {
      const def = catalog.enums.get(en);
      if (!def) add(`${at}/x-enum`, `unknown enum "${en}" (no schemas/enums/${en}.json)`);
      else if ((def.valueType === 'integer') !== (f.type === 'integer')) {
        add(`${at}/x-enum`, `enum "${en}" has ${def.valueType} values but the field is ${f.type}`);
      }
    }
    const v = f['x-validator'];
    if (v) {
      const def = catalog.validators[v];
      if (!def) add(`${at}/x-validator`, `unknown validator "${v}" (not in schemas/forms/validators.json)`);
      else if (!def.appliesTo.includes(f.type as never)) {
        add(`${at}/x-validator`, `validator "${v}" does not apply to ${f.type} fields`);
      }
      if (f.pattern) add(`${at}/pattern`, 'a field has either pattern or x-validator, not both');
    }
    const most = f['x-atMost'];
    const isNumber = (x: FieldDef | undefined) => x?.type === 'number' || x?.type === 'integer';
    if (most && (!isNumber(fields[most]) || !isColumn(fields[most]!) || !isNumber(f)))
      add(`${at}/x-atMost`, `"${most}" is not a numeric column of this row (or this field is not numeric)`);
    if (f['x-lookup'] && !fields[f['x-lookup'].from]) {
      add(`${at}/x-lookup/from`, `unknown field "${f['x-lookup'].from}"`);
    }
    if (f['x-lookup'] && !f.readOnly) add(`${at}/readOnly`, 'a looked-up field must be readOnly');
    const count = f['x-computed']?.count;
    if (count && !fields[count.from]) add(`${at}/x-computed/count/from`, `unknown field "${count.from}"`);
    for (const [column, from] of Object.entries(f['x-computed']?.sumOf?.on ?? {}))
      if (!fields[from] || !isColumn(fields[from]))
        add(`${at}/x-computed/sumOf/on/${column}`, `unknown field "${from}" (a column of this row)`);
    if (f['x-computed'] && !f.readOnly) add(`${at}/readOnly`, 'a computed field must be readOnly');
    if (f['x-secret'] && !f.writeOnly) add(`${at}/writeOnly`, 'a secret field must be writeOnly');
    if (f.readOnly && f.writeOnly) add(at, 'a field cannot be both readOnly and writeOnly');
    if (f.type === 'array' && !f.items) add(at, 'an array field needs items');
  }
}

const isPlain = (f: FieldDef | undefined) => !!f && isColumn(f) && !f['x-secret'] && f.type !== 'array';
/** Filters and sorting also compare looked-up values (server/resources/sql/select.ts fieldRef). */
const isComparable = (f: FieldDef | undefined) =>
  isPlain(f) || ((!!f?.['x-lookup'] || !!f?.['x-computed']?.sumOf) && f.type !== 'array');

const isNumeric = (f: FieldDef | undefined) => f?.type === 'number' || f?.type === 'integer';

/** x-computed products, sums and line counts name numeric fields and children that exist. */
function checkComputed(
  r: ResourceDef,
  fields: Record<string, FieldDef>,
  base: string,
  add: Add,
  atHeader: boolean,
) {
  for (const [name, f] of Object.entries(fields)) {
    const c = f['x-computed'];
    if (!c) continue;
    const at = `${base}${ptr('fields', name, 'x-computed')}`;
    if ((c.product || c.sum || c.lines || c.difference || c.total) && !isNumeric(f))
      add(at, 'a computed figure is a number or integer field');
    for (const side of ['plus', 'minus'] as const)
      (c.total?.[side] ?? []).forEach((n, i) => {
        if (!isNumeric(fields[n]) || n === name)
          add(`${at}/total/${side}/${i}`, `"${n}" is not another number field of the same row`);
      });
    (c.difference ?? []).forEach((n, i) => {
      if (!isNumeric(fields[n])) add(`${at}/difference/${i}`, `"${n}" is not a number field of the same row`);
    });
    if (c.addDays) {
      if (f.format !== 'date') add(at, 'addDays gives a date field (format date)');
      if (fields[c.addDays[0]!]?.format !== 'date')
        add(`${at}/addDays/0`, `"${c.addDays[0]}" is not a date field of the same row`);
      if (fields[c.addDays[1]!]?.type !== 'integer')
        add(`${at}/addDays/1`, `"${c.addDays[1]}" is not an integer field of the same row`);
    }
    if (c.yearEnd) {
      if (f.format !== 'date') add(at, 'yearEnd gives a date field (format date)');
      const from = fields[c.yearEnd.from]?.format;
      if (from !== 'date' && from !== 'date-time')
        add(`${at}/yearEnd/from`, `"${c.yearEnd.from}" is not a date or date-time field of the same row`);
      if (c.yearEnd.when && !fields[c.yearEnd.when.field])
        add(`${at}/yearEnd/when/field`, `"${c.yearEnd.when.field}" is not a field of the same row`);
    }
    if (c.addHours) {
      if (f.format !== 'date-time') add(at, 'addHours gives a date-time field (format date-time)');
      if (fields[c.addHours[0]!]?.format !== 'date-time')
        add(`${at}/addHours/0`, `"${c.addHours[0]}" is not a date-time field of the same row`);
      if (fields[c.addHours[1]!]?.type !== 'integer')
        add(`${at}/addHours/1`, `"${c.addHours[1]}" is not an integer field of the same row`);
    }
    if (c.depreciation) checkDepreciation(c.depreciation, f, fields, `${at}/depreciation`, add);
    if (c.tier) {
      // A rate by band: a header figure over a child's bands, read from a number of the same row.
      const bands = r.children?.[c.tier.child];
      if (!atHeader || !bands) add(`${at}/tier/child`, `unknown child "${c.tier.child}" of the header`);
      for (const key of ['from', 'rate'] as const)
        if (bands && !isNumeric(bands.fields[c.tier[key]]))
          add(`${at}/tier/${key}`, `"${c.tier[key]}" is not a number field of child "${c.tier.child}"`);
      if (!isNumeric(fields[c.tier.amount]) || c.tier.amount === name)
        add(`${at}/tier/amount`, `"${c.tier.amount}" is not another number field of the same row`);
      if (f.type !== 'number') add(at, 'a tier gives a number field');
    }
    if (c.ratio) {
      // Part of a whole in percent, both of the header (computed with its totals).
      if (!atHeader) add(`${at}/ratio`, 'ratio is computed on a header, not on lines');
      for (const key of ['part', 'whole'] as const)
        if (!isNumeric(fields[c.ratio[key]]) || c.ratio[key] === name)
          add(`${at}/ratio/${key}`, `"${c.ratio[key]}" is not another number field of the same row`);
      if (f.type !== 'number') add(at, 'a ratio gives a number field');
    }
    if (c.sign) {
      // Which way a figure of the header goes (computed with its totals).
      if (!atHeader) add(`${at}/sign`, 'sign is computed on a header, not on lines');
      if (!isNumeric(fields[c.sign.of]) || c.sign.of === name)
        add(`${at}/sign/of`, `"${c.sign.of}" is not another number field of the same row`);
      if (f.type !== 'integer') add(at, 'a sign gives an integer field');
    }
    if (c.percent) {
      // A percentage of an amount, both of the header (computed with its totals and tiers).
      if (!atHeader) add(`${at}/percent`, 'percent is computed on a header, not on lines');
      for (const key of ['amount', 'rate'] as const)
        if (!isNumeric(fields[c.percent[key]]) || c.percent[key] === name)
          add(`${at}/percent/${key}`, `"${c.percent[key]}" is not another number field of the same row`);
      if (f.type !== 'number') add(at, 'a percent gives a number field');
    }
    (c.product ?? []).forEach((factor, i) => {
      if (!isNumeric(fields[factor]))
        add(`${at}/product/${i}`, `"${factor}" is not a number field of the same row`);
      if (factor === name) add(`${at}/product/${i}`, 'a field cannot be its own factor');
    });
    if (c.sum || c.lines) {
      const childName = c.sum?.child ?? c.lines!;
      const child = r.children?.[childName];
      if (!atHeader) add(at, 'sums and line counts belong to the header, not to a line');
      else if (!child) add(`${at}/${c.sum ? 'sum/child' : 'lines'}`, `unknown child "${childName}"`);
      else if (c.sum && !isNumeric(child.fields[c.sum.field]))
        add(`${at}/sum/field`, `"${c.sum.field}" is not a number field of child "${childName}"`);
    }
  }
}

/** Depreciation names a cost, a start date, a life in months and optional residual and end of this row. */
function checkDepreciation(
  d: NonNullable<ComputedDef['depreciation']>,
  f: FieldDef,
  fields: Record<string, FieldDef>,
  at: string,
  add: Add,
) {
  const want = d.value === 'months' ? 'integer' : 'number';
  if (f.type !== want) add(at, `depreciation ${d.value} gives a ${want} field`);
  const numbers = [
    ['cost', d.cost],
    ['residual', d.residual],
  ] as const;
  for (const [key, name] of numbers)
    if (name !== undefined && (fields[name]?.type !== 'number' || !isColumn(fields[name])))
      add(`${at}/${key}`, `"${name}" is not a number field of the same row`);
  if (fields[d.lifeMonths]?.type !== 'integer' || !isColumn(fields[d.lifeMonths]!))
    add(`${at}/lifeMonths`, `"${d.lifeMonths}" is not an integer field of the same row`);
  for (const [key, name] of [
    ['start', d.start],
    ['until', d.until],
  ] as const)
    if (name !== undefined && (fields[name]?.format !== 'date' || !isColumn(fields[name]!)))
      add(`${at}/${key}`, `"${name}" is not a date field of the same row`);
}

/** x-reference: the resource and every field it names exist, and the picker has a list to page. */
function checkReferences(
  catalog: Catalog,
  fields: Record<string, FieldDef>,
  base: string,
  add: Add,
  /** Lines: the header's fields, which "$header.x" conditions may read; else the row's own fields. */
  header?: Record<string, FieldDef>,
) {
  for (const [name, f] of Object.entries(fields)) {
    const ref = f['x-reference'];
    if (!ref) continue;
    const at = `${base}${ptr('fields', name, 'x-reference')}`;
    const target = catalog.resources.get(ref.resource);
    if (!target) {
      add(`${at}/resource`, `unknown resource "${ref.resource}"`);
      continue;
    }
    const r = resolveReference(ref, target);
    const theirs = (key: string, field: string) => {
      if (!target.fields[field]) add(`${at}/${key}`, `resource "${ref.resource}" has no field "${field}"`);
    };
    theirs('value', r.value);
    theirs('label', r.label);
    if (r.code) theirs('code', r.code);
    for (const [k, v] of Object.entries(r.where)) {
      theirs(`where/${k}`, k);
      const from = headerField(v);
      // On a header field "$header.x" reads the document itself (an assignee of the event's store).
      if (from !== undefined && !(header ?? fields)[from])
        add(`${at}/where/${k}`, `the ${header ? 'header' : 'document'} has no field "${from}"`);
      // The picker sends `where` as list filters: each must be an eq or in filter there.
      const op = target.filters?.[k]?.op;
      if (Array.isArray(v) ? op !== 'in' : op !== 'eq' && op !== 'in')
        add(
          `${at}/where/${k}`,
          `resource "${ref.resource}" has no ${Array.isArray(v) ? 'in' : 'eq or in'} filter "${k}"`,
        );
    }
    const valueField = target.fields[r.value];
    if (valueField && (valueField.type === 'integer') !== (f.type === 'integer'))
      add(at, `"${name}" is ${f.type} but ${ref.resource}.${r.value} is ${valueField.type}`);
    if (r.view && !target.views?.[r.view])
      add(`${at}/view`, `resource "${ref.resource}" has no view "${r.view}"`);
    if (!target.endpoints.list)
      add(`${at}/resource`, `resource "${ref.resource}" has no list endpoint for the picker`);
    else if (!target.filters?.[r.search])
      add(`${at}/search`, `resource "${ref.resource}" has no filter "${r.search}" for the typed text`);
    for (const [to, from] of Object.entries(ref.prefill ?? {})) {
      if (!fields[to]) add(`${at}/prefill/${to}`, `unknown field "${to}"`);
      else if (fields[to]!.readOnly) add(`${at}/prefill/${to}`, `"${to}" is readOnly: use copy`);
      theirs(`prefill/${to}`, from);
    }
    for (const [to, from] of Object.entries(r.copy)) {
      if (!fields[to]) add(`${at}/copy/${to}`, `unknown field "${to}"`);
      else if (!fields[to]!.readOnly)
        add(`${at}/copy/${to}`, `"${to}" is filled by the server: make it readOnly`);
      theirs(`copy/${to}`, from);
    }
  }
}

/** addBy: a line field with a reference, a number quantity, an eq filter for scanned codes. */
function checkAddBy(catalog: Catalog, child: ChildDef, base: string, add: Add) {
  const by = child.addBy;
  if (!by) return;
  const at = `${base}/addBy`;
  const ref = child.fields[by.field]?.['x-reference'];
  if (!ref) return add(`${at}/field`, `"${by.field}" is not a line field with x-reference`);
  if (by.quantity && !isNumeric(child.fields[by.quantity]))
    add(`${at}/quantity`, `"${by.quantity}" is not a number field of the line`);
  const target = catalog.resources.get(ref.resource);
  const scanOp = by.scan ? target?.filters?.[by.scan]?.op : undefined;
  if (by.scan && target && scanOp !== 'eq' && scanOp !== 'has')
    add(`${at}/scan`, `resource "${ref.resource}" has no eq or has filter "${by.scan}"`);
}

function checkResource(catalog: Catalog, r: ResourceDef, add: Add) {
  const { fields } = r;
  const has = (name: string) => Object.hasOwn(fields, name);
  checkFields(catalog, fields, '', add);
  checkReferences(catalog, fields, '', add);
  checkComputed(r, fields, '', add, true);
  checkMasking(catalog, r, add);
  checkRules(catalog, r, add);
  if (!has(r.primaryKey)) add('/primaryKey', `unknown field "${r.primaryKey}"`);
  if (r.displayField && !has(r.displayField)) add('/displayField', `unknown field "${r.displayField}"`);
  (r.required ?? []).forEach((name, i) => {
    if (!has(name)) add(ptr('required', i), `unknown field "${name}"`);
    else if (fields[name]!.readOnly) add(ptr('required', i), `"${name}" is readOnly and cannot be required`);
  });
  for (const name of Object.keys(r.errorMessage?.required ?? {})) {
    if (!has(name)) add(ptr('errorMessage', 'required', name), `unknown field "${name}"`);
  }
  // A child's own required messages (its lines' fields, in forms, the server and imports alike).
  for (const [child, c] of Object.entries(r.children ?? {}))
    for (const name of Object.keys(c.errorMessage?.required ?? {}))
      if (!Object.hasOwn(c.fields, name))
        add(ptr('children', child, 'errorMessage', 'required', name), `unknown field "${name}" of the lines`);
  for (const [key, flt] of Object.entries(r.filters ?? {})) {
    const at = ptr('filters', key);
    const targets = flt.op === 'differs' ? (flt.pairs ?? []).flat() : (flt.fields ?? [flt.field ?? key]);
    if (flt.op === 'differs' && (!flt.pairs?.length || !flt.title))
      add(at, 'differs needs "pairs" of fields to compare and a "title" of its own');
    if (flt.pairs && flt.op !== 'differs') add(`${at}/pairs`, 'pairs only with op differs');
    if (flt.op === 'differs' && flt.field) add(`${at}/field`, 'differs compares its pairs, not a field');
    if (flt.lines && !r.children?.[flt.lines]) add(`${at}/lines`, `unknown child "${flt.lines}"`);
    if (flt.lines && !['eq', 'contains', 'in', 'between'].includes(flt.op))
      add(`${at}/op`, 'a line filter is eq, contains, in or between');
    if (flt.lines && flt.via) add(`${at}/via`, 'via is not available on a line filter');
    const own = filterFields(r, flt);
    targets.forEach((name) => {
      const f = own[name];
      if (flt.op === 'has') {
        if (!(
          f &&
          isColumn(f) &&
          f.type === 'array' &&
          (f.items?.type === 'string' || f.items?.type === 'integer')
        ))
          add(at, `has needs an array field of strings or integers ("${name}")`);
      } else if (!isComparable(f)) add(at, `filter on unknown or unfilterable field "${name}"`);
    });
    if (flt.op === 'under') {
      const tree = treeOfFilter(catalog, fields[targets[0]!], flt);
      if (!tree)
        add(`${at}/op`, 'under needs a field with x-reference to a tree resource, or "tree" naming one');
    }
    if (flt.tree && flt.op !== 'under') add(`${at}/tree`, 'tree only with op under');
    if (flt.op === 'belowField' && !isComparable(fields[flt.other ?? '']))
      add(`${at}/other`, `belowField needs "other": a field to compare with ("${flt.other ?? ''}")`);
    if (flt.other !== undefined && flt.op !== 'belowField')
      add(`${at}/other`, 'other only with op belowField');
    if (flt.fields && flt.op !== 'contains') add(`${at}/fields`, 'several fields only with op contains');
    if (flt.op === 'contains' && targets.some((n) => own[n] && own[n]!.type !== 'string')) {
      add(`${at}/op`, 'contains needs string fields');
    }
    const f = own[targets[0]!];
    if (
      flt.op === 'between' &&
      f &&
      !(f.format === 'date' || f.format === 'date-time' || f.type === 'number')
    ) {
      add(`${at}/op`, 'between needs a date, date-time or number field');
    }
    if (flt.via?.enum && !catalog.enums.has(flt.via.enum)) {
      add(`${at}/via/enum`, `unknown enum "${flt.via.enum}"`);
    }
    if (!flt.field && !flt.fields && !flt.via && flt.op !== 'differs' && !has(key))
      add(at, `unknown field "${key}"`);
  }
  (r.sortable ?? []).forEach((name, i) => {
    if (!isComparable(fields[name])) add(ptr('sortable', i), `unknown or unsortable field "${name}"`);
  });
  (r.defaultSort ?? []).forEach((s, i) => {
    if (!(r.sortable ?? []).includes(s.field))
      add(ptr('defaultSort', i, 'field'), `"${s.field}" is not sortable`);
  });
  for (const [when, set] of Object.entries(r.stamps ?? {})) {
    for (const [name, v] of Object.entries(set ?? {})) {
      const generated = fields[name]?.['x-secret'] === 'generated';
      if (v.startsWith('$secret:')) {
        // A generated secret is made on create into an x-secret "generated" field (its hash only).
        if (when !== 'create' || !generated)
          add(ptr('stamps', when, name), '$secret needs stamps.create and an x-secret "generated" field');
      } else if (!isPlain(fields[name])) add(ptr('stamps', when, name), `unknown field "${name}"`);
      if (v.startsWith('$luhn:') && fields[name]?.type !== 'string')
        add(ptr('stamps', when, name), '$luhn needs a string field');
    }
  }
  for (const [name, f] of Object.entries(fields))
    if (f['x-secret'] === 'generated' && !r.stamps?.create?.[name]?.startsWith('$secret:'))
      add(`/fields/${name}/x-secret`, 'a generated secret needs a "$secret:N" stamp in stamps.create');
  checkStates(catalog, r, add);
  checkTree(r, add);
  const by = r.endpoints.create?.permissionBy;
  if (by) {
    const door = new Set(
      Array.isArray(r.endpoints.create!.permission)
        ? r.endpoints.create!.permission
        : [r.endpoints.create!.permission],
    );
    if (!fields[by.field]) add('/endpoints/create/permissionBy/field', `unknown field "${by.field}"`);
    for (const [v, code] of Object.entries(by.codes))
      if (!door.has(code))
        add(`/endpoints/create/permissionBy/codes/${v}`, `"${code}" is not among the endpoint's permission`);
  }
  (r.states?.transitions ?? []).forEach((t, i) => {
    (t.effects ?? []).forEach((e, j) => {
      for (const p of effectProblems(e, r, catalog.resources))
        add(`${ptr('states', 'transitions', i, 'effects', j)}${p.path}`, p.message);
    });
    (t.stock ?? []).forEach((m, j) => {
      for (const p of stockMoveProblems(m, r, catalog))
        add(`${ptr('states', 'transitions', i, 'stock', j)}${p.path}`, p.message);
    });
    for (const p of transitionExtraProblems(t, r, catalog.resources))
      add(`${ptr('states', 'transitions', i)}${p.path}`, p.message);
  });
  (r.distinct ?? []).forEach((d, i) =>
    d.fields.forEach((name, j) => {
      if (!fields[name]) add(ptr('distinct', i, 'fields', j), `unknown field "${name}"`);
    }),
  );
  (r.unique ?? []).forEach((u, i) =>
    u.fields.forEach((name, j) => {
      if (!isPlain(fields[name]))
        add(ptr('unique', i, 'fields', j), `unknown or unindexable field "${name}"`);
    }),
  );
  (r.indexes ?? []).forEach((x, i) =>
    x.fields.forEach((name, j) => {
      if (!isPlain(fields[name]))
        add(ptr('indexes', i, 'fields', j), `unknown or unindexable field "${name}"`);
    }),
  );
  for (const [name, child] of Object.entries(r.children ?? {})) {
    const base = ptr('children', name);
    if (has(name)) add(base, `child "${name}" has the name of a field`);
    checkFields(catalog, child.fields, base, add);
    checkComputed(r, child.fields, base, add, false);
    checkReferences(catalog, child.fields, base, add, r.fields);
    checkAddBy(catalog, child, base, add);
    if (!child.fields[child.primaryKey]) add(`${base}/primaryKey`, `unknown field "${child.primaryKey}"`);
    if (child.lineNumber && !child.fields[child.lineNumber]) {
      add(`${base}/lineNumber`, `unknown field "${child.lineNumber}"`);
    }
    (child.required ?? []).forEach((n, i) => {
      if (!child.fields[n]) add(`${base}${ptr('required', i)}`, `unknown field "${n}"`);
    });
  }
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    if (!catalog.resources.has(rel.target)) {
      add(ptr('relations', name, 'target'), `unknown resource "${rel.target}"`);
    }
  }
  checkEndpoints(r, add);
  for (const [name, a] of Object.entries(r.aggregates ?? {})) checkAggregate(r, name, a, add);
}

/** tree: a nullable parent referring to this resource, a read-only integer level and string path. */
function checkTree(r: ResourceDef, add: Add) {
  const t = r.tree;
  if (!t) return;
  const parent = r.fields[t.parent];
  if (!parent) add('/tree/parent', `unknown field "${t.parent}"`);
  else if (parent['x-reference']?.resource !== r.name || !parent.nullable)
    add('/tree/parent', `"${t.parent}" must be nullable with an x-reference to "${r.name}" itself`);
  const level = r.fields[t.level];
  if (!(level?.type === 'integer' && level.readOnly))
    add('/tree/level', `"${t.level}" must be a readOnly integer field`);
  const path = r.fields[t.pathName];
  if (!(path?.type === 'string' && path.readOnly))
    add('/tree/pathName', `"${t.pathName}" must be a readOnly string field`);
  if (!r.ownsTable) add('/tree', 'a tree needs a resource that owns its table');
}

function checkStates(catalog: Catalog, r: ResourceDef, add: Add) {
  const s = r.states;
  if (!s) {
    if (r.endpoints.transition || r.endpoints.batchTransition)
      add('/endpoints', 'transition endpoints need states');
    const lines = Object.values(r.children ?? {});
    if (
      Object.values(r.fields).some((f) => f['x-editableIn']) ||
      lines.some((c) => c.editableIn || Object.values(c.fields).some((f) => f['x-editableIn']))
    )
      add('/states', "x-editableIn and a child's editableIn need states");
    return;
  }
  const field = r.fields[s.field];
  const en = field?.['x-enum'] ? catalog.enums.get(field['x-enum']) : undefined;
  if (!field) return add('/states/field', `unknown field "${s.field}"`);
  if (!en) return add('/states/field', `the state field "${s.field}" needs an x-enum`);
  const known = new Set<StateValue>(en.items.map((i) => i.value));
  const value = (path: string, v: StateValue) => {
    if (!known.has(v)) add(path, `${JSON.stringify(v)} is not a value of enum "${en.name}"`);
  };
  if (s.initial !== undefined) value('/states/initial', s.initial);
  (s.editableIn ?? []).forEach((v, i) => {
    value(ptr('states', 'editableIn', i), v);
  });
  (s.deletableIn ?? []).forEach((v, i) => {
    value(ptr('states', 'deletableIn', i), v);
  });
  // Fields and lines changeable in some states only (server/resources/field-states.ts).
  const editable = (at: string, states: StateValue[] | undefined) =>
    states?.forEach((v, i) => value(`${at}/${i}`, v));
  for (const [name, f] of Object.entries(r.fields))
    editable(ptr('fields', name, 'x-editableIn'), f['x-editableIn']);
  for (const [name, c] of Object.entries(r.children ?? {})) {
    editable(ptr('children', name, 'editableIn'), c.editableIn);
    for (const [n, f] of Object.entries(c.fields))
      editable(ptr('children', name, 'fields', n, 'x-editableIn'), f['x-editableIn']);
  }
  const names = new Set<string>();
  s.transitions.forEach((t, i) => {
    const at = ptr('states', 'transitions', i);
    if (names.has(t.name)) add(`${at}/name`, `duplicate transition "${t.name}"`);
    names.add(t.name);
    t.from.forEach((v, j) => {
      value(`${at}/from/${j}`, v);
    });
    value(`${at}/to`, t.to);
    (t.input ?? []).forEach((n, j) => {
      const f = r.fields[n];
      // A list of plain values (photos' paths) is a column too: a jsonb array.
      const list = !!f && isColumn(f) && f.type === 'array' && f.items?.type === 'string';
      if ((!isPlain(f) && !list) || f!.readOnly) add(`${at}/input/${j}`, `unknown or read-only field "${n}"`);
    });
    for (const n of Object.keys(t.set ?? {}))
      if (!isPlain(r.fields[n])) add(`${at}/set/${n}`, `unknown field "${n}"`);
    (t.optional ?? []).forEach((n, j) => {
      if (!(t.input ?? []).includes(n))
        add(`${at}/optional/${j}`, `"${n}" is not an input of this transition`);
    });
    for (const key of ['actor', 'notBy'] as const)
      if (t[key] && r.fields[t[key]]?.type !== 'integer')
        add(`${at}/${key}`, `"${t[key]}" is not an integer field (a user id)`);
    if (t.notify) {
      if (r.fields[t.notify.user]?.type !== 'integer')
        add(`${at}/notify/user`, `"${t.notify.user}" is not an integer field (a user id)`);
      for (const key of ['title', 'text'] as const)
        for (const m of t.notify[key].matchAll(/\{([A-Za-z0-9_]+)\}/g))
          if (!r.fields[m[1]!]) add(`${at}/notify/${key}`, `unknown placeholder {${m[1]!}}`);
    }
  });
  if (r.endpoints.transition?.by === 'target') {
    const targets = s.transitions.map((t) => t.to);
    s.transitions.forEach((t, i) => {
      const clash = s.transitions.find(
        (o, j) => j !== i && o.to === t.to && o.from.some((v) => t.from.includes(v)),
      );
      if (clash)
        add(ptr('states', 'transitions', i), `by target: "${t.name}" and "${clash.name}" are ambiguous`);
    });
    if (!targets.length) add('/states/transitions', 'no transitions');
  }
}

function checkEndpoints(r: ResourceDef, add: Add) {
  const keyed = ['get', 'update', 'delete'] as const;
  for (const kind of keyed) {
    const e = r.endpoints[kind];
    if (!e) continue;
    const key = e.key ?? r.primaryKey;
    if (!r.fields[key]) add(ptr('endpoints', kind, 'key'), `unknown field "${key}"`);
    for (const p of pathParams(e.path)) {
      if (p !== key) add(ptr('endpoints', kind, 'path'), `path parameter ":${p}" is not the key "${key}"`);
    }
  }
  for (const kind of ['list', 'all', 'create'] as const) {
    const e = r.endpoints[kind];
    if (e && pathParams(e.path).length)
      add(ptr('endpoints', kind, 'path'), 'this endpoint takes no path parameter');
  }
  for (const kind of ['list', 'all'] as const) {
    for (const name of Object.keys(r.endpoints[kind]?.where ?? {}))
      if (!r.fields[name]) add(ptr('endpoints', kind, 'where', name), `unknown field "${name}"`);
  }
  for (const [view, v] of Object.entries(r.views ?? {})) {
    if (!r.endpoints.list)
      add(ptr('views', view), "a view needs the resource's list (its filters and scope)");
    if (pathParams(v.path).length) add(ptr('views', view, 'path'), 'this endpoint takes no path parameter');
    for (const name of Object.keys(v.where ?? {}))
      if (!r.fields[name]) add(ptr('views', view, 'where', name), `unknown field "${name}"`);
    if (v.warehouseScope)
      for (const f of warehouseScopeOf(r, view))
        if (r.fields[f]?.type !== 'integer')
          add(ptr('views', view, 'warehouseScope'), `"${f}" is not an integer field`);
  }
  const scope = r.endpoints.list?.storeScope;
  if (scope && r.fields[scope]?.type !== 'integer')
    add('/endpoints/list/storeScope', `"${scope}" is not an integer field`);
  for (const f of warehouseScopeOf(r))
    if (r.fields[f]?.type !== 'integer')
      add('/endpoints/list/warehouseScope', `"${f}" is not an integer field`);
  const t = r.endpoints.transition;
  if (t) {
    const params = pathParams(t.path);
    const key = t.key ?? r.primaryKey;
    const byAction = (t.by ?? 'action') === 'action';
    if (byAction !== params.includes('action')) {
      add('/endpoints/transition/path', byAction ? 'needs :action' : 'by target takes no :action');
    }
    for (const p of params) {
      if (p !== 'action' && p !== key) add('/endpoints/transition/path', `unknown path parameter ":${p}"`);
    }
  }
  const b = r.endpoints.batchTransition;
  if (b) {
    const params = pathParams(b.path);
    if (params.join() !== 'action') add('/endpoints/batchTransition/path', 'needs exactly :action');
  }
  for (const [name, rel] of Object.entries(r.relations ?? {})) {
    for (const side of ['get', 'set'] as const) {
      const params = pathParams(rel[side].path);
      if (params.join() !== 'id') add(ptr('relations', name, side, 'path'), 'needs exactly :id');
    }
  }
}
