import { readableFields } from '../../src/schema/request-schemas';
import { filterField } from '../../src/schema/filters';
import type { ResourceDef } from '../../src/schema/types';
import type { LintContext } from './context';
import type { PageDef, SearchDef } from '../../src/generated/schema-files';

type Add = (path: string, message: string) => void;

const asList = (p: string | string[]) => (Array.isArray(p) ? p : [p]);

/**
 * A ResourceSelect search field: a resource with an 'all' endpoint that the page's users may call,
 * label and value fields it answers, and a filter that compares one value (eq) or several (in).
 */
function checkPicker(ctx: LintContext, p: PageDef, r: ResourceDef, s: SearchDef, at: string, add: Add) {
  const props = s.componentProps;
  if (!props) return add(`${at}/componentProps`, 'ResourceSelect needs componentProps.resource');
  const op = r.filters?.[s.field]?.op;
  if (op !== 'eq' && op !== 'in')
    add(`${at}/component`, `ResourceSelect needs an eq or in filter, "${s.field}" is ${op}`);
  const src = ctx.catalog.resources.get(props.resource);
  if (!src)
    return add(
      `${at}/componentProps/resource`,
      `unknown resource "${props.resource}" (no schemas/resources/${props.resource}.json)`,
    );
  const all = src.endpoints.all;
  if (!all) return add(`${at}/componentProps/resource`, `resource "${src.name}" has no all endpoint`);
  // The options are fetched for whoever may list the page: each code allowing the list must allow them.
  const allowed = asList(all.permission);
  const missing = asList(r.endpoints.list?.permission ?? p.menu.uri).filter((c) => !allowed.includes(c));
  if (missing.length)
    add(
      `${at}/componentProps/resource`,
      `the all endpoint of "${src.name}" does not allow ${missing.map((c) => `"${c}"`).join(', ')}: those users would get no options`,
    );
  const readable = readableFields(src.fields);
  // The widget's defaults (src/renderer/widgets/ResourceSelect.tsx) apply when a field is not named.
  const defaults = { labelField: 'name', valueField: 'id' };
  for (const key of ['labelField', 'valueField'] as const) {
    const name = props[key] ?? defaults[key];
    if (!readable.includes(name))
      add(`${at}/componentProps/${key}`, `unknown field "${name}" of resource "${src.name}"`);
  }
}

/** Search fields: filters of the resource, components that fit the filter, pickers that can load. */
export function checkSearch(ctx: LintContext, p: PageDef, r: ResourceDef | undefined, add: Add): void {
  (p.search ?? []).forEach((s, i) => {
    if (!r) return;
    const at = `/search/${i}`;
    const flt = r.filters?.[s.field];
    if (!flt) return add(`${at}/field`, `"${s.field}" is not a filter of resource "${r.name}"`);
    if (s.componentProps && s.component !== 'ResourceSelect')
      add(`${at}/componentProps`, 'componentProps is only for the ResourceSelect component');
    if (s.component === 'ResourceSelect') checkPicker(ctx, p, r, s, at, add);
    if (s.component === 'ReferencePicker') {
      const f = filterField(r, s.field, flt);
      if (!f?.['x-reference'] || flt.op !== 'eq')
        add(`${at}/component`, 'ReferencePicker needs an eq filter on a field with x-reference');
    }
    if (s.component === 'DateRangePicker' && flt.op !== 'between')
      add(`${at}/component`, 'DateRangePicker needs a between filter');
    if (
      flt.op === 'between' &&
      s.component &&
      s.component !== 'DateRangePicker' &&
      s.component !== 'NumberPicker'
    ) {
      add(`${at}/component`, `a between filter needs DateRangePicker, not ${s.component}`);
    }
  });
}
