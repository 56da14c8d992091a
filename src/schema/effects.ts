import type { EffectDef, ResourceDef, StockMoveDef } from '../generated/schema-files';

/**
 * Transition effects (resource transition `effects`): what a transition writes into other resources.
 * Pure: the value templates and conditions, shared by the server (server/resources/effects.ts) and the
 * checks (check.ts).
 */
/**
 * A field compared with a value, or (`otherField`) numerically with another field of the same row;
 * `in`/`notIn` look the value up in a list field of the row (`otherField`).
 */
export type Condition = {
  field: string;
  op: 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte' | 'in' | 'notIn';
  value?: unknown;
  otherField?: string;
};

/** Whether a row's field compares so (numbers as numbers, everything else as text). */
export function conditionHolds(c: Condition | undefined, row: Record<string, unknown>): boolean {
  if (!c) return true;
  const v = row[c.field];
  if (c.op === 'in' || c.op === 'notIn') {
    // One of the values of a list field of the row (`otherField`), compared as text.
    const list = c.otherField !== undefined ? row[c.otherField] : c.value;
    const found = Array.isArray(list) && list.map(String).includes(String(v ?? ''));
    return c.op === 'in' ? found : !found;
  }
  const [a, b] =
    c.otherField !== undefined
      ? [Number(v ?? 0), Number(row[c.otherField] ?? 0)]
      : typeof c.value === 'number'
        ? [Number(v), c.value]
        : [String(v ?? ''), String(c.value)];
  switch (c.op) {
    case 'eq':
      return a === b;
    case 'ne':
      return a !== b;
    case 'gt':
      return a > b;
    case 'gte':
      return a >= b;
    case 'lt':
      return a < b;
    default:
      return a <= b;
  }
}

/** "$row.x" / "$line.x": the source and field a template reads; undefined for literals and stamps. */
export function templateRef(v: unknown): { from: 'row' | 'line'; field: string } | undefined {
  if (typeof v !== 'string') return undefined;
  const m = /^\$(row|line)\.([a-z][A-Za-z0-9]*)$/.exec(v);
  return m ? { from: m[1] as 'row' | 'line', field: m[2]! } : undefined;
}

/** A template's value: "$row.x" from the document, "$line.x" from the line; anything else as written. */
export function readTemplate(
  v: unknown,
  doc: Record<string, unknown>,
  line: Record<string, unknown> | undefined,
): unknown {
  const ref = templateRef(v);
  if (!ref) return v;
  return (ref.from === 'row' ? doc : (line ?? {}))[ref.field];
}

export const EFFECT_STAMPS = ['$now', '$user.id', '$user.realName'] as const;

/** Problems of one effect against the resources (lint and start): names that do not exist. */
export function effectProblems(
  effect: EffectDef,
  owner: ResourceDef,
  resources: Map<string, ResourceDef>,
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  const target = resources.get(effect.resource);
  if (!target) return [{ path: '/resource', message: `unknown resource "${effect.resource}"` }];
  const line = effect.forEach ? owner.children?.[effect.forEach] : undefined;
  if (effect.forEach && !line) out.push({ path: '/forEach', message: `no child "${effect.forEach}"` });
  if (effect.lineWhen && !effect.forEach) out.push({ path: '/lineWhen', message: 'lineWhen needs forEach' });
  else if (effect.lineWhen && line && !line.fields[effect.lineWhen.field])
    out.push({ path: '/lineWhen/field', message: `no line field "${effect.lineWhen.field}"` });
  if (effect.times) {
    const ref = templateRef(effect.times);
    const f = ref?.from === 'row' ? owner.fields[ref.field] : undefined;
    if (effect.action !== 'create' || effect.forEach || effect.groupBy)
      out.push({ path: '/times', message: 'times needs a plain create (no forEach, no groupBy)' });
    else if (f?.type !== 'integer')
      out.push({
        path: '/times',
        message: `"${effect.times}" is no integer field of resource "${owner.name}"`,
      });
  }
  if (effect.missing && (effect.action !== 'update' || effect.child))
    out.push({ path: '/missing', message: 'missing needs a plain update (no child)' });
  if (effect.groupBy && (effect.action !== 'create' || !effect.forEach))
    out.push({ path: '/groupBy', message: 'groupBy needs create and forEach' });
  (effect.groupBy ?? []).forEach((f, i) => {
    if (line && !line.fields[f]) out.push({ path: `/groupBy/${i}`, message: `no line field "${f}"` });
  });
  out.push(...linesProblems(effect, owner, target, line));
  if (effect.when && !owner.fields[effect.when.field])
    out.push({ path: '/when/field', message: `unknown field "${effect.when.field}"` });
  (effect.when?.and ?? []).forEach((c, i) => {
    if (!owner.fields[c.field])
      out.push({ path: `/when/and/${i}/field`, message: `unknown field "${c.field}"` });
  });
  if (effect.all && effect.action !== 'update' && effect.action !== 'transition')
    out.push({ path: '/all', message: 'all needs update or transition' });
  if (effect.all && effect.child) out.push({ path: '/all', message: 'all does not write a child line' });
  if (effect.action !== 'create' && !Object.keys(effect.key ?? {}).length)
    out.push({ path: '/key', message: `${effect.action} needs a key` });
  const written = effect.child ? target.children?.[effect.child] : undefined;
  if (effect.child && !written)
    out.push({ path: '/child', message: `resource "${target.name}" has no child "${effect.child}"` });
  if (effect.child && effect.action !== 'update')
    out.push({ path: '/action', message: 'a child line is only updated' });
  if (effect.action === 'transition') {
    if (!effect.transitions?.length)
      out.push({ path: '/transitions', message: 'transition needs transitions' });
    (effect.transitions ?? []).forEach((x, i) => {
      if (!target.states?.transitions.some((t) => t.name === x.name))
        out.push({
          path: `/transitions/${i}/name`,
          message: `resource "${target.name}" has no transition "${x.name}"`,
        });
      if (x.when && !target.fields[x.when.field])
        out.push({
          path: `/transitions/${i}/when/field`,
          message: `resource "${target.name}" has no field "${x.when.field}"`,
        });
      if (x.when?.otherField && !target.fields[x.when.otherField])
        out.push({
          path: `/transitions/${i}/when/otherField`,
          message: `resource "${target.name}" has no field "${x.when.otherField}"`,
        });
    });
  } else if (effect.action === 'consume') {
    const f = effect.field ? target.fields[effect.field] : undefined;
    if (!f || (f.type !== 'integer' && f.type !== 'number'))
      out.push({ path: '/field', message: `consume needs a number field of resource "${target.name}"` });
    if (effect.amount === undefined) out.push({ path: '/amount', message: 'consume needs an amount' });
    const ref = templateRef(effect.amount);
    if (ref?.from === 'row' && !owner.fields[ref.field])
      out.push({ path: '/amount', message: `resource "${owner.name}" has no field "${ref.field}"` });
    if (ref?.from === 'line' && !line?.fields[ref.field])
      out.push({ path: '/amount', message: `no line field "${ref.field}" (forEach)` });
    (effect.orderBy ?? []).forEach((n, i) => {
      if (!target.fields[n])
        out.push({ path: `/orderBy/${i}`, message: `resource "${target.name}" has no field "${n}"` });
    });
    if (effect.values || effect.child)
      out.push({ path: '/action', message: 'consume writes its field only (no values, no child)' });
  } else if (!effect.values) out.push({ path: '/values', message: `${effect.action} needs values` });
  if (effect.writeBack && (effect.action !== 'update' || effect.child || effect.forEach || effect.all))
    out.push({
      path: '/writeBack',
      message: 'writeBack needs a plain update (no child, no forEach, no all)',
    });
  for (const [mine, theirs] of Object.entries(effect.writeBack ?? {})) {
    if (!owner.fields[mine])
      out.push({ path: `/writeBack/${mine}`, message: `resource "${owner.name}" has no field "${mine}"` });
    if (!target.fields[theirs])
      out.push({ path: `/writeBack/${mine}`, message: `resource "${target.name}" has no field "${theirs}"` });
  }
  const fieldsOf = written?.fields ?? target.fields;
  for (const part of ['key', 'values'] as const) {
    for (const [name, raw] of Object.entries(effect[part] ?? {})) {
      const at = `/${part}/${name}`;
      const v = typeof raw === 'object' && raw !== null && 'add' in raw ? raw.add : raw;
      const f = fieldsOf[name];
      if (!f) out.push({ path: at, message: `resource "${target.name}" has no field "${name}"` });
      else if (part === 'values' && (name === (written?.primaryKey ?? target.primaryKey) || f['x-computed']))
        out.push({ path: at, message: `"${name}" is filled by the engine` });
      const ref = templateRef(v);
      if (ref?.from === 'row' && !owner.fields[ref.field])
        out.push({
          path: at,
          message: `"${String(v)}": resource "${owner.name}" has no field "${ref.field}"`,
        });
      if (ref?.from === 'line' && !line?.fields[ref.field])
        out.push({ path: at, message: `"${String(v)}": no line field "${ref.field}" (forEach)` });
      if (
        typeof v === 'string' &&
        v.startsWith('$') &&
        !ref &&
        !(EFFECT_STAMPS as readonly string[]).includes(v)
      )
        out.push({ path: at, message: `unknown template "${v}"` });
    }
  }
  return out;
}

/** Problems of an effect's `lines`: a create's child of the target, its fields and templates. */
function linesProblems(
  effect: EffectDef,
  owner: ResourceDef,
  target: ResourceDef,
  line: { fields: Record<string, unknown> } | undefined,
): { path: string; message: string }[] {
  if (!effect.lines) return [];
  const out: { path: string; message: string }[] = [];
  if (effect.action !== 'create') out.push({ path: '/lines', message: 'lines needs create' });
  const child = target.children?.[effect.lines.child];
  if (!child)
    return [
      ...out,
      { path: '/lines/child', message: `resource "${target.name}" has no child "${effect.lines.child}"` },
    ];
  for (const [name, v] of Object.entries(effect.lines.values)) {
    const at = `/lines/values/${name}`;
    if (!child.fields[name])
      out.push({ path: at, message: `child "${effect.lines.child}" has no field "${name}"` });
    const ref = templateRef(v);
    if (ref?.from === 'row' && !owner.fields[ref.field])
      out.push({ path: at, message: `"${String(v)}": resource "${owner.name}" has no field "${ref.field}"` });
    if (ref?.from === 'line' && !line?.fields[ref.field])
      out.push({ path: at, message: `"${String(v)}": no line field "${ref.field}" (forEach)` });
  }
  return out;
}

/** Problems of one stock move (resource transition `stock`) against its resource. */
export function stockMoveProblems(
  def: StockMoveDef,
  owner: ResourceDef,
  catalog: { resources: Map<string, ResourceDef>; enums: Map<string, { items: { value: unknown }[] }> },
): { path: string; message: string }[] {
  const out: { path: string; message: string }[] = [];
  if (!catalog.resources.has('stock') || !catalog.resources.has('stockLedger'))
    out.push({
      path: '',
      message: 'stock moves need the resources stock and stockLedger (schemas/resources)',
    });
  // Without forEach the move is the document's own (one commodity on the header): "$row.x" only.
  const line = def.forEach === undefined ? undefined : owner.children?.[def.forEach];
  if (def.forEach !== undefined && !line)
    return [...out, { path: '/forEach', message: `no child "${def.forEach}"` }];
  if (def.lineWhen && !line)
    out.push({ path: '/lineWhen', message: 'lineWhen needs forEach (the lines it chooses among)' });
  if (def.lineWhen && line && !line.fields[def.lineWhen.field])
    out.push({ path: '/lineWhen/field', message: `no line field "${def.lineWhen.field}"` });
  const types = catalog.enums.get('stockMoveType')?.items.map((i) => i.value) ?? [];
  if (!types.includes(def.type))
    out.push({ path: '/type', message: `${def.type} is no stockMoveType value` });
  if (def.move === 'shelve' && !def.toShelf) out.push({ path: '/toShelf', message: 'shelve needs toShelf' });
  if (def.move === 'dispatch' && !def.toWarehouse)
    out.push({ path: '/toWarehouse', message: 'dispatch needs toWarehouse' });
  if (def.toWarehouse && def.move !== 'dispatch')
    out.push({ path: '/toWarehouse', message: 'only dispatch moves to another warehouse' });
  const slots = [
    'warehouse',
    'toWarehouse',
    'commodity',
    'quantity',
    'shelf',
    'toShelf',
    'batch',
    'productionDate',
    'expiryDate',
  ] as const;
  for (const slot of slots) {
    const v = def[slot];
    if (v === undefined) continue;
    const ref = templateRef(v);
    if (!ref) out.push({ path: `/${slot}`, message: `"${v}" is not "$row.x" or "$line.x"` });
    else if (ref.from === 'row' && !owner.fields[ref.field])
      out.push({ path: `/${slot}`, message: `resource "${owner.name}" has no field "${ref.field}"` });
    else if (ref.from === 'line' && !line)
      out.push({ path: `/${slot}`, message: `"${v}" reads a line, but the move has no forEach` });
    else if (ref.from === 'line' && !line!.fields[ref.field])
      out.push({ path: `/${slot}`, message: `no line field "${ref.field}"` });
  }
  return out;
}
