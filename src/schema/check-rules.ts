import type { Catalog, ResourceDef } from './types';

type Add = (path: string, message: string) => void;

/** `requires`, `refuses` and `quota` (server/resources/rules.ts) name fields that exist, a quota a reference and a numeric limit there. */
export function checkRules(catalog: Catalog, r: ResourceDef, add: Add): void {
  const has = (n: string) => Object.hasOwn(r.fields, n);
  (r.requires ?? []).forEach((q, i) => {
    if (!has(q.when.field)) add(`/requires/${i}/when/field`, `unknown field "${q.when.field}"`);
    q.fields.forEach((f, j) => {
      if (!has(f)) add(`/requires/${i}/fields/${j}`, `unknown field "${f}"`);
      else if (r.fields[f]!.readOnly)
        add(`/requires/${i}/fields/${j}`, `"${f}" is readOnly: nobody sends it`);
    });
  });
  const refuseLists: [string, NonNullable<ResourceDef['refuses']>][] = [['/refuses', r.refuses ?? []]];
  (r.states?.transitions ?? []).forEach((t, k) => {
    if (t.refuses) refuseLists.push([`/states/transitions/${k}/refuses`, t.refuses]);
  });
  Object.entries(r.children ?? {}).forEach(([key, child]) =>
    (child.unique ?? []).forEach((u, i) =>
      u.fields.forEach((f, j) => {
        if (!Object.hasOwn(child.fields, f))
          add(`/children/${key}/unique/${i}/fields/${j}`, `unknown line field "${f}"`);
      }),
    ),
  );
  for (const [base, refuses] of refuseLists)
    refuses.forEach((q, i) => {
      const child = q.lines ? r.children?.[q.lines] : undefined;
      if (q.lines && !child) add(`${base}/${i}/lines`, `unknown child "${q.lines}"`);
      const owns = (n: string) => (child ? Object.hasOwn(child.fields, n) : has(n));
      const fieldsOf = child ? child.fields : r.fields;
      const check = (c: { field: string; op: string; otherField?: string }, at: string) => {
        if (!owns(c.field)) add(`${at}/field`, `unknown field "${c.field}"`);
        if (c.otherField !== undefined && !owns(c.otherField))
          add(`${at}/otherField`, `unknown field "${c.otherField}"`);
        // in / notIn: one of the values of a list field of the row (a group's store among its campaign's).
        const list = c.otherField !== undefined ? fieldsOf[c.otherField] : undefined;
        if (
          (c.op === 'in' || c.op === 'notIn') &&
          (c.otherField === undefined || (list && list.type !== 'array'))
        )
          add(`${at}/otherField`, `${c.op} compares with an array field of the row (otherField)`);
      };
      check(q.when, `${base}/${i}/when`);
      (q.and ?? []).forEach((c, j) => check(c, `${base}/${i}/and/${j}`));
    });
  (r.quota ?? []).forEach((q, i) => {
    q.count.forEach((f, j) => {
      if (!has(f)) add(`/quota/${i}/count/${j}`, `unknown field "${f}"`);
    });
    const ref = r.fields[q.reference]?.['x-reference'];
    if (!ref) {
      add(`/quota/${i}/reference`, `"${q.reference}" is not a field with x-reference`);
      return;
    }
    const target = catalog.resources.get(ref.resource);
    const limit = target?.fields[q.limit];
    if (target && !limit) add(`/quota/${i}/limit`, `resource "${ref.resource}" has no field "${q.limit}"`);
    else if (limit && limit.type !== 'integer')
      add(`/quota/${i}/limit`, `"${q.limit}" is not an integer field`);
  });
}
