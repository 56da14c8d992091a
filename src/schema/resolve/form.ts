import type { ISchema } from '@formily/json-schema';
import type {
  ChildDef,
  FieldDef,
  FormDef,
  FormNode,
  ResourceDef,
  TransitionDef,
} from '../../generated/schema-files';
import { computedStored } from '../computed';
import { enumOptions, type ResolveContext, type UnknownKind } from './context';
import { type FormilyRule, fieldRules, secretRules } from './field-rules';

/**
 * A form file (or a form derived from the resource when a page names none) made ready for Formily:
 * what the file leaves out is inherited from the resource field — title, required flag, component,
 * enum options and every rule with the server's Chinese message (form.schema.json says so).
 * x-component / x-decorator names the renderer lacks are swapped for the loud UnknownWidget. The one
 * resolver of forms (issue 12.2): the renderer draws it, the lint reports its unknown names.
 * Pinned by tests/unit/renderer/form-prepare.test.ts.
 */
export interface UnknownRef {
  kind: UnknownKind;
  name: string;
  /** Key the node now uses (bound to UnknownWidget by SchemaForm). */
  alias: string;
  path: string;
}

export interface PreparedForm {
  title: string;
  file: string;
  width: number;
  layout: NonNullable<FormDef['layout']>;
  schema: ISchema;
  unknown: UnknownRef[];
  /** Fields sent encrypted (x-secret password). */
  secrets: string[];
  /** The data fields at the top of the form: what it shows, and so what it may send. */
  fields: string[];
}

type Mode = FormDef['action'];

/** The component a field gets when the form does not name one. */
export function defaultComponent(f: FieldDef): { component: string; props?: Record<string, unknown> } {
  if (f['x-secret']) return { component: 'Password', props: { autoComplete: 'new-password' } };
  if (f['x-reference']) return { component: 'ReferencePicker', props: { reference: f['x-reference'] } };
  if (f['x-file']) return { component: 'PrivateFileUpload', props: { modelType: f['x-file'].modelType } };
  if (f['x-enum']) return { component: 'Select', props: { allowClear: true } };
  if (f.type === 'boolean') return { component: 'Switch' };
  if (f.format === 'date') return { component: 'DatePicker', props: { style: { width: '100%' } } };
  if (f.format === 'date-time')
    return {
      component: 'DatePicker',
      props: { showTime: true, format: 'YYYY-MM-DD HH:mm:ss', style: { width: '100%' } },
    };
  if (f.format === 'time') return { component: 'TimePicker', props: { style: { width: '100%' } } };
  if (f.type === 'integer' || f.type === 'number') {
    const precision =
      f.type === 'integer'
        ? 0
        : f['x-validator'] === 'money'
          ? 2
          : f['x-validator'] === 'quantity'
            ? 3
            : undefined;
    return {
      component: 'NumberPicker',
      props: { style: { width: '100%' }, ...(precision !== undefined ? { precision } : {}) },
    };
  }
  if (f.type === 'array') return { component: 'Select', props: { mode: 'tags' } };
  if ((f.maxLength ?? 0) > 100) return { component: 'Input.TextArea', props: { rows: 3, showCount: true } };
  return { component: 'Input', props: { allowClear: true } };
}

function placeholder(f: FieldDef, component: string): string {
  return `${/Select|DatePicker|TimePicker|ReferencePicker|ReferenceTreeSelect|Switch|Checkbox|Radio|Cascader/.test(component) ? '请选择' : '请输入'}${f.title}`;
}

const asRules = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** A named validator may be written as { validator: 'money' }: Formily reads that as a format. */
function normaliseRule(rule: unknown): unknown {
  if (rule && typeof rule === 'object' && typeof (rule as { validator?: unknown }).validator === 'string') {
    const { validator, ...rest } = rule as { validator: string };
    return { ...rest, format: validator };
  }
  return rule;
}

/** Where a field sits: top level or in a line, and whether in a table (cells differ). */
interface Where {
  topLevel: boolean;
  inTable: boolean;
  /** The child whose line this field belongs to. */
  line?: ChildDef;
}

const isStoredComputed = computedStored;

interface Context {
  world: ResolveContext;
  file: string;
  resource: ResourceDef;
  unknown: UnknownRef[];
  secrets: string[];
  requiredText: Record<string, string>;
  action: Mode;
}

function checkKey(
  ctx: Context,
  node: Record<string, unknown>,
  prop: 'x-component' | 'x-decorator',
  path: string,
) {
  const name = node[prop];
  if (typeof name !== 'string' || !ctx.world.hasComponent || ctx.world.hasComponent(name)) return;
  const alias = `Unknown${ctx.unknown.length}`;
  ctx.unknown.push({ kind: prop, name, alias, path });
  node[prop] = alias;
}

function fieldNode(
  ctx: Context,
  node: FormNode,
  f: FieldDef | undefined,
  required: boolean,
  path: string,
  where: Where,
): ISchema {
  const out: Record<string, unknown> = { ...node };
  if (f && isStoredComputed(f)) {
    // Computed by the server; shown live, never typed, never sent (form/computed.ts).
    const dflt = defaultComponent(f);
    out.type ??= f.type === 'string' ? 'string' : 'number';
    if (!where.inTable) out.title ??= f.title;
    out['x-decorator'] ??= 'FormItem';
    out['x-component'] ??= dflt.component;
    out['x-component-props'] = { ...dflt.props, ...node['x-component-props'] };
    out['x-pattern'] = 'readPretty';
    const reaction = ctx.world.computedReaction?.(ctx.resource, path.split('.').pop()!, where.line);
    if (reaction) out['x-reactions'] = reaction;
  } else if (f) {
    const dflt = defaultComponent(f);
    out.type ??= f.type === 'integer' ? 'number' : f.type;
    // In a table the column header carries the title; a label in every cell would repeat it.
    if (!where.inTable) out.title ??= f.title;
    out['x-decorator'] ??= 'FormItem';
    // In a table cell a message below the input would break the row height: it pops over instead.
    if (where.inTable) out['x-decorator-props'] = { feedbackLayout: 'popover', ...node['x-decorator-props'] };
    if (!out['x-component']) {
      out['x-component'] = dflt.component;
      out['x-component-props'] = { ...dflt.props, ...node['x-component-props'] };
    }
    const props = (out['x-component-props'] ?? {}) as Record<string, unknown>;
    // The reference pickers read the field's x-reference, whether the form names them or not.
    if (f['x-reference'] && /^Reference(Picker|TreeSelect)$/.test(String(out['x-component'])))
      props.reference ??= f['x-reference'];
    // A private file's widget reads and links it through its resource's guarded route.
    if (f['x-file'] && out['x-component'] === 'PrivateFileUpload') {
      props.resource ??= ctx.resource.name;
      props.field ??= path.split('.').pop();
      props.modelType ??= f['x-file'].modelType;
      props.idField ??= ctx.resource.primaryKey;
    }
    // The input is named by its field (aria-label): Formily's label is not tied to it, and in a table
    // cell there is no label at all (axe: label).
    out['x-component-props'] = {
      placeholder: placeholder(f, String(out['x-component'])),
      'aria-label': f.title,
      ...props,
    };
    const enumName = node['x-enum'] ?? f['x-enum'];
    const def = enumName ? ctx.world.enumDef(enumName) : undefined;
    if (def && !out.enum) out.enum = enumOptions(def);
    const isRequired = node.required ?? required;
    // A line field's own message comes from its child (children.<name>.errorMessage.required).
    const requiredText = where.topLevel
      ? ctx.requiredText[path]
      : where.line?.errorMessage?.required?.[path.split('.').pop()!];
    const base: FormilyRule[] = f['x-secret']
      ? secretRules(f, isRequired, requiredText)
      : fieldRules(f, ctx.world.validators, { required: isRequired, requiredText });
    out['x-validator'] = [...base, ...asRules(node['x-validator']).map(normaliseRule)];
    if (isRequired) out.required = true;
    if (f['x-secret'] && where.topLevel) ctx.secrets.push(path);
  } else {
    if (node['x-validator'] !== undefined)
      out['x-validator'] = asRules(node['x-validator']).map(normaliseRule);
    if (node['x-enum'] && !out.enum) {
      const def = ctx.world.enumDef(node['x-enum']);
      if (def) out.enum = enumOptions(def);
    }
  }
  delete out['x-enum'];
  return out as ISchema;
}

const isColumn = (n: FormNode) =>
  typeof n['x-component'] === 'string' && n['x-component'].startsWith('ArrayTable.');

/**
 * An ArrayTable's row as Formily wants it: each field in an ArrayTable.Column (form files may list
 * the child's fields directly), a row number first and a remove button last unless the file has them.
 */
function tableRow(items: FormNode, def: ChildDef, fixed = false): FormNode {
  const props = items.properties ?? {};
  const columns: Record<string, FormNode> = {};
  const has = (component: string) =>
    Object.values(props).some((n) => JSON.stringify(n).includes(`"x-component":"${component}"`));
  if (!has('ArrayTable.Index'))
    columns.__index = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: '序号', width: 64, align: 'center' },
      properties: { index: { type: 'void', 'x-component': 'ArrayTable.Index' } },
    };
  for (const [name, node] of Object.entries(props)) {
    if (isColumn(node) || node.type === 'void') {
      columns[name] = node;
      continue;
    }
    const f = def.fields[name];
    const numeric = f?.type === 'number' || f?.type === 'integer';
    columns[`__col_${name}`] = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: f?.title ?? name, width: numeric ? 140 : 170 },
      properties: { [name]: node },
    };
  }
  if (!has('ArrayTable.Remove') && !fixed)
    columns.__operations = {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title: '操作', width: 72, align: 'center' },
      properties: { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
    };
  return { ...items, type: 'object', properties: columns };
}

/** addBy: the scan box, the pick-many button and the one-line addition (widgets/LineAddition). */
function lineAddition(def: ChildDef): ISchema | undefined {
  const by = def.addBy;
  const reference = by ? def.fields[by.field]?.['x-reference'] : undefined;
  if (!by || !reference) return undefined;
  return {
    type: 'void',
    title: `添加${def.title}`,
    'x-component': 'LineAddition',
    'x-component-props': { addBy: by, reference, title: def.title },
  };
}

function childArray(ctx: Context, node: FormNode, def: ChildDef, path: string): ISchema {
  const { items, ...rest } = node;
  const arr: Record<string, unknown> = { ...rest };
  if (rest['x-validator'] !== undefined) arr['x-validator'] = asRules(rest['x-validator']).map(normaliseRule);
  arr.type = 'array';
  arr.title ??= def.title;
  arr['x-decorator'] ??= 'FormItem';
  arr['x-component'] ??= 'ArrayTable';
  const rules: FormilyRule[] = [];
  if (def.minItems) {
    // Same text as the server's required override for a child list (request-schemas.ts).
    rules.push({ required: true, message: `请添加${def.title}` });
    rules.push({ minItems: def.minItems, message: `请添加${def.title}` });
  }
  rules.push({ maxItems: def.maxItems ?? 500, message: `${def.title}最多 ${def.maxItems ?? 500} 行` });
  arr['x-validator'] = [...rules, ...asRules(arr['x-validator'])];
  if (def.minItems) arr.required = true;
  // Without a row in the file: every writable field, then the computed ones (line amounts).
  const writable = Object.keys(def.fields).filter(
    (n) => !def.fields[n]!.readOnly || isStoredComputed(def.fields[n]!),
  );
  // An update of lines with x-immutable fields (a store receipt): those are shown, not typed, and
  // no line is added or removed (server/resources/field-states.ts refuses both).
  const fixed = ctx.action === 'update' && Object.values(def.fields).some((f) => f['x-immutable']);
  const shown = (n: string): FormNode =>
    fixed && def.fields[n]!['x-immutable'] ? { 'x-pattern': 'readPretty' } : {};
  let row: FormNode = items ?? {
    type: 'object',
    properties: Object.fromEntries(writable.flatMap((n) => [[n, shown(n)], ...copiedColumns(def, n)])),
  };
  const inTable = arr['x-component'] === 'ArrayTable';
  if (inTable) {
    row = tableRow(row, def, fixed);
    arr['x-component-props'] = { scroll: { x: 'max-content' }, ...(rest['x-component-props'] ?? {}) };
    if (!rest.properties && !fixed) {
      arr.properties = {
        add: lineAddition(def) ?? {
          type: 'void',
          title: `添加${def.title}`,
          'x-component': 'ArrayTable.Addition',
        },
      };
    }
  }
  arr.items = walk(ctx, row, def.fields, def.required ?? [], undefined, `${path}.*`, {
    topLevel: false,
    inTable,
    line: def,
  });
  return arr as ISchema;
}

/**
 * The read-only line fields a line's picker fills from the picked row (x-reference copy), shown after
 * it: a returned batch's batch number, shelf and expiry, a price's store and old price. The picker
 * shows the label itself, so its copy is left out.
 */
function copiedColumns(def: ChildDef, name: string): [string, FormNode][] {
  const ref = def.fields[name]!['x-reference'];
  if (!ref?.copy) return [];
  return Object.entries(ref.copy)
    .filter(
      ([to, from]) => from !== ref.label && def.fields[to]?.readOnly && !isStoredComputed(def.fields[to]!),
    )
    .map(([to]) => [to, { 'x-pattern': 'readPretty' }]);
}

function walk(
  ctx: Context,
  node: FormNode,
  fields: Record<string, FieldDef> | undefined,
  required: string[],
  children: Record<string, ChildDef> | undefined,
  path: string,
  where: Where,
): ISchema {
  const out = { ...node } as Record<string, unknown>;
  if (node.properties) {
    const props: Record<string, ISchema> = {};
    for (const [name, child] of Object.entries(node.properties)) {
      const childPath = path ? `${path}.${name}` : name;
      const layout = child.type === 'void' || child.type === 'object';
      let built: ISchema;
      if (children?.[name] && (child.type === undefined || child.type === 'array')) {
        built = childArray(ctx, child, children[name]!, childPath);
      } else if (!layout) {
        built = fieldNode(ctx, child, fields?.[name], required.includes(name), childPath, where);
      } else {
        // Layout nodes (grids, table columns) hold fields of the same level.
        built = walk(ctx, child, fields, required, children, path, where);
      }
      const jsonPath = `/schema/properties/${childPath.replace(/\./g, '/properties/')}`;
      checkKey(ctx, built as Record<string, unknown>, 'x-component', jsonPath);
      checkKey(ctx, built as Record<string, unknown>, 'x-decorator', jsonPath);
      props[name] = built;
    }
    out.properties = props;
  }
  if (node.items && node.type === 'array' && !children)
    out.items = walk(ctx, node.items, fields, required, children, `${path}.*`, where);
  return out as ISchema;
}

export function resolveForm(
  world: ResolveContext,
  file: FormDef,
  r: ResourceDef,
  fileName: string,
): PreparedForm {
  const requiredText = r.errorMessage?.required ?? {};
  const ctx: Context = {
    world,
    file: fileName,
    resource: r,
    unknown: [],
    secrets: [],
    requiredText,
    action: file.action,
  };
  const transition =
    file.action === 'transition' ? r.states?.transitions.find((t) => t.name === file.transition) : undefined;
  // A transition's inputs are required but those it names optional (an AI event's handling photos).
  const required =
    file.action === 'create'
      ? (r.required ?? [])
      : transition
        ? (transition.input ?? []).filter((n) => !(transition.optional ?? []).includes(n))
        : [];
  const schema = walk(ctx, file.schema, r.fields, required, r.children, '', {
    topLevel: true,
    inTable: false,
  });
  const fields: string[] = [];
  const collect = (node: ISchema) => {
    for (const [name, child] of Object.entries(node.properties ?? {}) as [string, ISchema][]) {
      if (child.type === 'void') collect(child);
      else fields.push(name);
    }
  };
  collect(schema);
  return {
    title: file.title,
    file: fileName,
    width: file.width ?? 640,
    // Label and wrapper columns only make sense side by side; otherwise labels sit above.
    layout: {
      layout: file.layout?.labelCol || file.layout?.wrapperCol ? 'horizontal' : 'vertical',
      ...file.layout,
    },
    schema,
    unknown: ctx.unknown,
    secrets: ctx.secrets,
    fields,
  };
}

/** Fields a create may carry (src/schema/request-schemas.ts createFields), in file order. */
const creatable = (r: ResourceDef) => Object.keys(r.fields).filter((n) => !r.fields[n]!.readOnly);
const updatable = (r: ResourceDef) =>
  Object.keys(r.fields).filter((n) => {
    const f = r.fields[n]!;
    return !f.readOnly && !f['x-immutable'] && !f['x-secret'];
  });

/**
 * The form of a resource action when the page names no form file: every field the server accepts for
 * it, in file order (create: not read-only; update: not read-only, immutable or secret; a transition:
 * its input fields).
 */
export function autoForm(r: ResourceDef, action: Mode, t?: TransitionDef): FormDef {
  const names = action === 'create' ? creatable(r) : action === 'update' ? updatable(r) : (t?.input ?? []);
  const properties: Record<string, FormNode> = {};
  for (const n of names) properties[n] = {};
  if (action === 'create' || action === 'update') {
    for (const [name, def] of Object.entries(r.children ?? {}))
      if (Object.values(def.fields).some((f) => !f.readOnly)) properties[name] = { type: 'array' };
  }
  const title =
    action === 'create' ? `新增${r.title}` : action === 'update' ? `编辑${r.title}` : (t?.title ?? r.title);
  return {
    name: `${r.name}Auto${action}`,
    title,
    resource: r.name,
    action,
    transition: t?.name,
    width: r.children && action !== 'transition' ? 960 : 560,
    schema: { type: 'object', properties },
  };
}
