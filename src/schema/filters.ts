import type { FieldDef, FilterDef, ResourceDef } from '../generated/schema-files';

/**
 * The fields a filter's names refer to: the resource's own, or with `lines` those of that child (a
 * document matched by one of its lines). Shared by the server's SQL, the request schemas, the search
 * form, codegen and the lint, so a line filter is typed and titled by the line's field everywhere.
 */
export const filterFields = (r: ResourceDef, flt: FilterDef): Record<string, FieldDef> =>
  flt.lines ? (r.children?.[flt.lines]?.fields ?? {}) : r.fields;

/** The field a filter compares (the first of `fields` for a contains over several). */
export const filterField = (r: ResourceDef, key: string, flt: FilterDef): FieldDef | undefined =>
  filterFields(r, flt)[flt.fields?.[0] ?? flt.field ?? key];
