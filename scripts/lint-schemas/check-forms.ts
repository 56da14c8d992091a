import { computedStored } from '../../src/schema/computed';
import { createFields, updateFields } from '../../src/schema/request-schemas';
import type { FieldDef, ResourceDef } from '../../src/schema/types';
import type { LintContext } from './context';
import type { FormDef, FormNode, ValidatorRef } from '../../src/generated/schema-files';

type Add = (path: string, message: string) => void;

/** Which names a form may bind, and which it must, for its action. */
export function formTargets(
  r: ResourceDef,
  form: FormDef,
): { allowed: string[]; required: string[] } | undefined {
  const children = Object.keys(r.children ?? {}).filter((n) =>
    Object.values(r.children![n]!.fields).some((f) => !f.readOnly),
  );
  switch (form.action) {
    case 'create': {
      const required = [
        ...(r.required ?? []),
        ...children.filter((n) => (r.children![n]!.minItems ?? 0) > 0),
      ];
      return r.endpoints.create ? { allowed: [...createFields(r), ...children], required } : undefined;
    }
    case 'update':
      return r.endpoints.update ? { allowed: [...updateFields(r), ...children], required: [] } : undefined;
    case 'transition': {
      const t = r.states?.transitions.find((x) => x.name === form.transition);
      return t && r.endpoints.transition ? { allowed: t.input ?? [], required: t.input ?? [] } : undefined;
    }
    case 'relation':
      return r.relations?.[form.relation ?? ''] ? { allowed: ['ids'], required: ['ids'] } : undefined;
  }
}

export const validatorNames = (v: FormNode['x-validator']): string[] =>
  (Array.isArray(v) ? v : v === undefined ? [] : [v])
    .map((x: ValidatorRef) => (typeof x === 'string' ? x : x.validator))
    .filter((x): x is string => !!x);

function checkLeaf(ctx: LintContext, node: FormNode, field: FieldDef | undefined, at: string, add: Add) {
  for (const name of validatorNames(node['x-validator'])) {
    if (!ctx.catalog.validators[name])
      add(`${at}/x-validator`, `unknown validator "${name}" (not in schemas/forms/validators.json)`);
    else if (field?.['x-validator'] && field['x-validator'] !== name) {
      add(
        `${at}/x-validator`,
        `the resource field uses validator "${field['x-validator']}", the form "${name}": the server would disagree`,
      );
    }
  }
  if (node['x-enum'] && !ctx.catalog.enums.has(node['x-enum']))
    add(`${at}/x-enum`, `unknown enum "${node['x-enum']}"`);
}

/** A computed figure (x-computed product, sum or lines) a form may show read-only. */
const shownComputed = computedStored;

/** Walks the bound fields of an object node, through void containers. Returns the names bound. */
function walk(
  ctx: LintContext,
  node: FormNode,
  at: string,
  add: Add,
  fields: Record<string, FieldDef>,
  allowed: string[],
  onArray: (name: string, node: FormNode, at: string) => void,
): string[] {
  const bound: string[] = [];
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    const here = `${at}/properties/${name}`;
    if (child.type === 'void') {
      bound.push(...walk(ctx, child, here, add, fields, allowed, onArray));
      continue;
    }
    bound.push(name);
    if (!allowed.includes(name)) {
      add(here, `"${name}" cannot be written by this form (not a writable field of its action)`);
      continue;
    }
    if (child.type === 'array' || child.items) onArray(name, child, here);
    else checkLeaf(ctx, child, fields[name], here, add);
  }
  return bound;
}

/** Forms: resource and action exist; every bound field is writable; required ones are present; validators resolve. */
export function checkForms(ctx: LintContext): void {
  for (const file of ctx.forms.values()) {
    const form = file.data as unknown as FormDef;
    const add: Add = (path, message) => ctx.add(file.file, path, message);
    const r = ctx.catalog.resources.get(form.resource);
    if (!r) {
      add('/resource', `unknown resource "${form.resource}"`);
      continue;
    }
    if (form.action === 'transition' && !form.transition)
      add('/transition', 'a transition form names its transition');
    if (form.action === 'relation' && !form.relation) add('/relation', 'a relation form names its relation');
    const targets = formTargets(r, form);
    if (!targets) {
      add(
        '/action',
        `resource "${r.name}" has no endpoint for ${form.action}${form.transition ? ` "${form.transition}"` : ''}${form.relation ? ` "${form.relation}"` : ''}`,
      );
      continue;
    }
    const onArray = (name: string, node: FormNode, at: string) => {
      const child = r.children?.[name];
      if (!child) return add(at, `"${name}" is not a child of resource "${r.name}"`);
      // Computed line figures may be shown (read-only, live); they are never sent.
      const writable = Object.keys(child.fields).filter(
        (n) => !child.fields[n]!.readOnly || shownComputed(child.fields[n]!),
      );
      const items = node.items ?? {};
      const bound = walk(ctx, items, `${at}/items`, add, child.fields, writable, (n, _x, a) =>
        add(a, `nested lists are not supported ("${n}")`),
      );
      for (const req of child.required ?? [])
        if (!bound.includes(req)) add(`${at}/items`, `required line field "${req}" is missing`);
    };
    const computed = Object.keys(r.fields).filter((n) => shownComputed(r.fields[n]!));
    const bound = walk(
      ctx,
      form.schema,
      '/schema',
      add,
      r.fields,
      [...targets.allowed, ...computed],
      onArray,
    );
    for (const req of targets.required)
      if (!bound.includes(req)) add('/schema/properties', `required field "${req}" is missing from the form`);
  }
}
