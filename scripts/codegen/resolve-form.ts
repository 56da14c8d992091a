import { fieldMessages, requiredMessage } from '../../src/schema/messages';
import { resourceRoutes } from '../../src/schema/routes';
import type { Catalog, FieldDef, ResourceDef } from '../../src/schema/types';
import { PASSWORD_POLICY } from '../../src/schema/password-policy';
import { formTargets, validatorNames } from '../lint-schemas/check-forms';
import type { FormDef, FormNode, ValidatorRef } from '../../src/generated/schema-files';

type Rule = Record<string, unknown>;

const RULE_KEYWORDS = [
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minItems',
  'maxItems',
] as const;

function defaultComponent(f: FieldDef): string {
  if (f['x-enum']) return 'Select';
  if (f['x-secret']) return 'Password';
  if (f.format === 'date' || f.format === 'date-time') return 'DatePicker';
  if (f.type === 'number' || f.type === 'integer') return 'NumberPicker';
  if (f.type === 'boolean') return 'Switch';
  return 'Input';
}

/** The Formily rules of a field, with exactly the server's messages (src/schema/messages.ts). */
function rulesOf(
  catalog: Catalog,
  f: FieldDef,
  required: string | undefined,
  declared: FormNode['x-validator'],
): Rule[] {
  const rules: Rule[] = [];
  if (required) rules.push({ required: true, message: required });
  if (f['x-secret'] === 'password') {
    // The server checks the decrypted text with these same rules (server/resources/values.ts).
    const p = PASSWORD_POLICY;
    rules.push(
      { minLength: p.minLength, message: p.lengthMessage },
      { maxLength: p.maxLength, message: p.lengthMessage },
    );
    rules.push({ pattern: p.pattern, message: p.kindsMessage });
    return rules;
  }
  const messages = fieldMessages(f, catalog.validators);
  for (const k of RULE_KEYWORDS) if (f[k] !== undefined) rules.push({ [k]: f[k], message: messages[k] });
  if (f.pattern) rules.push({ pattern: f.pattern, message: messages.pattern });
  if (f.format === 'email') rules.push({ format: 'email', message: messages.format });
  const named = new Set([...(f['x-validator'] ? [f['x-validator']] : []), ...validatorNames(declared)]);
  for (const name of named) {
    const v = catalog.validators[name]!;
    rules.push({ pattern: v.pattern, message: v.message });
  }
  // Rule objects written in the form (not named validators) are kept as they are.
  const list = Array.isArray(declared) ? declared : declared === undefined ? [] : [declared];
  for (const x of list as ValidatorRef[]) if (typeof x === 'object' && !x.validator) rules.push({ ...x });
  return rules;
}

function enumOptions(catalog: Catalog, name: string | undefined) {
  const en = name ? catalog.enums.get(name) : undefined;
  return en?.items.map((i) => ({ label: i.label, value: i.value }));
}

interface Scope {
  fields: Record<string, FieldDef>;
  required: Set<string>;
  overrides: Record<string, string>;
}

function resolveLeaf(
  catalog: Catalog,
  name: string,
  node: FormNode,
  f: FieldDef,
  scope: Scope,
  table: boolean,
): FormNode {
  // The resolved node also tells the browser which fields are secrets (not a key form files write).
  const out: FormNode & { 'x-secret'?: FieldDef['x-secret'] } = { ...node };
  out.type ??= f.type === 'integer' ? 'number' : f.type;
  out.title ??= f.title;
  out['x-decorator'] ??= 'FormItem';
  out['x-component'] ??= defaultComponent(f);
  const required = scope.required.has(name) ? requiredMessage(f, scope.overrides[name]) : undefined;
  if (required) out.required = true;
  const options = out.enum ? undefined : enumOptions(catalog, out['x-enum'] ?? f['x-enum']);
  if (options) out.enum = options;
  delete out['x-enum'];
  const rules = rulesOf(catalog, f, required, node['x-validator']);
  if (rules.length) out['x-validator'] = rules as never;
  else delete out['x-validator'];
  if (f['x-secret']) out['x-secret'] = f['x-secret'];
  const limit = f['x-secret'] ? PASSWORD_POLICY.maxLength : f.maxLength;
  if (limit && /^(Input|Password|Input\.TextArea)$/.test(String(out['x-component']))) {
    out['x-component-props'] = { maxLength: limit, ...(out['x-component-props'] ?? {}) };
  }
  if (table) {
    // ArrayTable shows each field as a column: wrap it (formily/antd ArrayTable.Column).
    const { title } = out;
    delete out.title;
    return {
      type: 'void',
      'x-component': 'ArrayTable.Column',
      'x-component-props': { title },
      properties: { [name]: out },
    };
  }
  return out;
}

function resolveObject(
  catalog: Catalog,
  r: ResourceDef | undefined,
  node: FormNode,
  scope: Scope,
  table: boolean,
): FormNode {
  const properties: Record<string, FormNode> = {};
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    if (child.type === 'void') {
      properties[name] = resolveObject(catalog, r, child, scope, false);
      continue;
    }
    const line = r?.children?.[name];
    // As the renderer reads it (form/prepare.ts): a child's key with no type is its line list.
    if (line && (child.type === undefined || child.type === 'array' || child.items)) {
      properties[name] = resolveLines(catalog, name, child, r!, scope);
      continue;
    }
    properties[name] = resolveLeaf(catalog, name, child, scope.fields[name]!, scope, table);
  }
  return { ...node, properties };
}

function resolveLines(
  catalog: Catalog,
  name: string,
  node: FormNode,
  r: ResourceDef,
  scope: Scope,
): FormNode {
  const child = r.children![name]!;
  const table = (node['x-component'] ?? 'ArrayTable') === 'ArrayTable';
  const lineScope: Scope = { fields: child.fields, required: new Set(child.required ?? []), overrides: {} };
  // Without a row in the file: every writable field, then the computed ones (as form/prepare.ts does).
  const shown = Object.keys(child.fields).filter(
    (n) =>
      !child.fields[n]!.readOnly ||
      (child.fields[n]!['x-computed'] && !child.fields[n]!['x-computed']!.count),
  );
  const row = node.items ?? { type: 'object', properties: Object.fromEntries(shown.map((n) => [n, {}])) };
  const items = resolveObject(catalog, undefined, row, lineScope, table);
  if (table) {
    items.properties = {
      ...items.properties,
      operations: {
        type: 'void',
        'x-component': 'ArrayTable.Column',
        'x-component-props': { title: '操作', width: 80, fixed: 'right' },
        properties: { remove: { type: 'void', 'x-component': 'ArrayTable.Remove' } },
      },
    };
  }
  const required = scope.required.has(name) ? (scope.overrides[name] ?? `请添加${child.title}`) : undefined;
  const rules: Rule[] = [];
  if (required) rules.push({ required: true, message: required });
  if (child.maxItems)
    rules.push({ maxItems: child.maxItems, message: `${child.title}最多 ${child.maxItems} 行` });
  return {
    ...node,
    type: 'array',
    title: node.title ?? child.title,
    'x-decorator': node['x-decorator'] ?? 'FormItem',
    'x-component': node['x-component'] ?? 'ArrayTable',
    ...(required ? { required: true } : {}),
    ...(rules.length ? { 'x-validator': rules as never } : {}),
    items,
  };
}

/** A form file with titles, components, enum options and rules filled in from its resource. */
export function resolveForm(catalog: Catalog, file: string, form: FormDef) {
  const r = catalog.resources.get(form.resource)!;
  const targets = formTargets(r, form)!;
  const routes = resourceRoutes(r);
  const kind = { create: 'create', update: 'update', transition: 'transition', relation: 'relationSet' }[
    form.action
  ];
  const route = routes.find(
    (x) => x.kind === kind && (form.action !== 'relation' || x.relation === form.relation),
  )!;
  let permission = route.permission;
  let fields = r.fields;
  const overrides = { ...(r.errorMessage?.required ?? {}) };
  if (form.action === 'transition') {
    const t = r.states!.transitions.find((x) => x.name === form.transition)!;
    permission = Array.isArray(t.permission) ? t.permission : [t.permission];
  }
  if (form.action === 'relation') {
    const rel = r.relations![form.relation!]!;
    const ids: FieldDef = {
      type: 'array',
      title: rel.title,
      items: { type: 'integer' },
      maxItems: rel.maxItems,
    };
    fields = { ids };
    overrides.ids = `请选择${rel.title}`;
  }
  const scope: Scope = { fields, required: new Set(targets.required), overrides };
  const schema = resolveObject(
    catalog,
    form.action === 'relation' ? undefined : r,
    form.schema,
    scope,
    false,
  );
  return {
    name: form.name,
    title: form.title,
    file,
    resource: form.resource,
    action: form.action,
    ...(form.transition ? { transition: form.transition } : {}),
    ...(form.relation ? { relation: form.relation } : {}),
    open: form.open ?? 'modal',
    ...(form.width ? { width: form.width } : {}),
    ...(form.layout ? { layout: form.layout } : {}),
    submit: { method: route.method, path: route.path, ...(route.key ? { key: route.key } : {}), permission },
    schema,
  };
}
