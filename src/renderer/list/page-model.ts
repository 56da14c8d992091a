import { enumDef } from '../catalogue';
import type { ColumnDef, FieldDef, FilterDef, PageDef, ResourceDef, SortItem } from '../schema-types';
import { isValueType, type ValueType } from '../value-types';
import type { ResolvedColumn } from '../widgets/types';
import { unknownText } from '../widgets/UnknownWidget';
import { type ActionProblem, type ResolvedAction, resolveActions } from './actions';
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZES } from './page-size';
import type { FilterKind, UrlSpec } from './url-state';
import type { ReferenceDef, SearchDef } from '@/generated/schema-files';

/**
 * A page file read together with its resource: every default filled, every reference checked.
 * What cannot be resolved becomes a problem that the page shows in an Alert naming the file and the
 * JSON path (schema lint catches the same earlier; this is the loud failure at run time).
 */
/** The search widgets a page file may name (page.schema.json, written once there). */
export type SearchComponent = NonNullable<SearchDef['component']>;

export interface SearchField {
  key: string;
  title: string;
  component: SearchComponent;
  multiple: boolean;
  enumName?: string;
  /** ResourceSelect: where its options come from (another resource's 'all' endpoint). */
  picker?: { resource: string; labelField?: string; valueField?: string };
  /** ReferencePicker: the filtered field's x-reference. */
  reference?: ReferenceDef;
  placeholder?: string;
  kind: FilterKind;
  /** date-time fields pick whole days; the server reads date bounds as China days. */
  dateOnly: boolean;
}

export interface ChildTable {
  name: string;
  title: string;
  columns: ResolvedColumn[];
}

export interface PageModel {
  page: PageDef;
  resource?: ResourceDef;
  file: string;
  rowKey: string;
  columns: ResolvedColumn[];
  search: SearchField[];
  url: UrlSpec;
  rowActions: ResolvedAction[];
  toolbar: ResolvedAction[];
  batchActions: ResolvedAction[];
  detail: { title: string; fields: ResolvedColumn[]; children: ChildTable[] };
  /** Codes allowing the list itself. */
  listPermission: string[];
  problems: ActionProblem[];
}

/** Column widths by value type: numbers, because the virtual table needs numeric sizes. */
export const DEFAULT_WIDTH: Record<ValueType, number> = {
  text: 140,
  money: 120,
  quantity: 120,
  digit: 100,
  date: 110,
  dateTime: 170,
  time: 100,
  enum: 110,
  image: 72,
  link: 180,
  tags: 160,
  boolean: 80,
  fileSize: 100,
  richText: 240,
};

/** A sensible value type for a field when a page does not name one (detail children). */
export function guessValueType(f: FieldDef | undefined): ValueType {
  if (!f) return 'text';
  if (f['x-enum']) return 'enum';
  if (f.format === 'date') return 'date';
  if (f.format === 'date-time') return 'dateTime';
  if (f.format === 'time') return 'time';
  if (f['x-validator'] === 'money') return 'money';
  if (f['x-validator'] === 'quantity') return 'quantity';
  if (f.type === 'boolean') return 'boolean';
  if (f.type === 'array') return 'tags';
  if (f.type === 'integer' || f.type === 'number') return 'digit';
  return 'text';
}

function resolveColumn(
  c: ColumnDef,
  fields: Record<string, FieldDef> | undefined,
  file: string,
  path: string,
  problems: ActionProblem[],
): ResolvedColumn {
  const f = fields?.[c.field];
  const source = { file, path };
  const enumName = c.enum ?? f?.['x-enum'];
  if (!isValueType(c.valueType)) {
    problems.push({ text: unknownText('valueType', c.valueType, source), source });
  } else if (c.valueType === 'enum' && (!enumName || !enumDef(enumName))) {
    problems.push({ text: unknownText('enum', enumName ?? '', source), source });
  }
  if (fields && !f)
    problems.push({ text: `配置错误：${file} ${path} 的字段“${c.field}”在资源中不存在`, source });
  const width = c.width ?? (isValueType(c.valueType) ? DEFAULT_WIDTH[c.valueType] : 140);
  return { ...c, title: c.title ?? f?.title ?? c.field, enum: enumName, width, source };
}

function filterKind(flt: FilterDef, f: FieldDef | undefined): FilterKind {
  const numeric = flt.via ? flt.via.type === 'integer' : f?.type === 'integer' || f?.type === 'number';
  switch (flt.op) {
    case 'contains':
      return 'text';
    case 'in':
      return numeric ? 'list-number' : 'list-text';
    case 'between':
      return numeric ? 'range-number' : 'range-text';
    default:
      return f?.type === 'boolean' ? 'boolean' : numeric ? 'number' : 'text';
  }
}

function searchComponent(
  flt: FilterDef,
  f: FieldDef | undefined,
  enumName: string | undefined,
): SearchComponent {
  if (flt.op === 'contains') return 'Input';
  if (flt.op === 'eq' && f?.['x-reference']) return 'ReferencePicker';
  if (enumName || f?.type === 'boolean') return 'Select';
  if (flt.op === 'between')
    return f?.format === 'date' || f?.format === 'date-time' ? 'DateRangePicker' : 'Input';
  if (f?.format === 'date' || f?.format === 'date-time') return 'DatePicker';
  if (flt.via?.type === 'integer' || f?.type === 'integer' || f?.type === 'number') return 'NumberPicker';
  return 'Input';
}

function buildSearch(page: PageDef, r: ResourceDef | undefined, file: string, problems: ActionProblem[]) {
  const search: SearchField[] = [];
  const kinds: Record<string, FilterKind> = {};
  (page.search ?? []).forEach((s, i) => {
    const source = { file, path: `/search/${i}` };
    const flt = r?.filters?.[s.field];
    if (!flt) {
      problems.push({
        text: `配置错误：${file} ${source.path} 的查询条件“${s.field}”不是资源的筛选字段`,
        source,
      });
      return;
    }
    const f = r?.fields[flt.field ?? flt.fields?.[0] ?? s.field];
    const enumName = flt.op !== 'contains' ? (flt.via?.enum ?? f?.['x-enum']) : undefined;
    const kind = filterKind(flt, f);
    kinds[s.field] = kind;
    const component = s.component ?? searchComponent(flt, f, enumName);
    if (component === 'ResourceSelect' && !s.componentProps?.resource)
      problems.push({
        text: `配置错误：${file} ${source.path} 的资源选择器未指定 componentProps.resource`,
        source,
      });
    search.push({
      key: s.field,
      title: s.title ?? flt.title ?? f?.title ?? s.field,
      component,
      multiple: flt.op === 'in',
      enumName: component === 'Select' ? enumName : undefined,
      picker: component === 'ResourceSelect' ? s.componentProps : undefined,
      reference: component === 'ReferencePicker' ? f?.['x-reference'] : undefined,
      placeholder: s.placeholder,
      kind,
      dateOnly: f?.format === 'date-time' || f?.format === 'date',
    });
  });
  return { search, kinds };
}

export function buildPageModel(page: PageDef, resource: ResourceDef | undefined, file: string): PageModel {
  const problems: ActionProblem[] = [];
  const fields = resource?.fields;
  const columns = page.columns.map((c, i) => resolveColumn(c, fields, file, `/columns/${i}`, problems));
  const { search, kinds } = buildSearch(page, resource, file, problems);
  const pageSizes = page.pageSizes ?? [...DEFAULT_PAGE_SIZES];
  const pageSize =
    page.defaultPageSize ??
    resource?.endpoints.list?.defaultPageSize ??
    (pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : pageSizes[0]!);
  const sort: SortItem[] = page.defaultSort ?? [];
  const rows = resolveActions(page.rowActions, resource, file, '/rowActions');
  const tools = resolveActions(page.toolbar, resource, file, '/toolbar');
  const batch = resolveActions(page.batchActions, resource, file, '/batchActions');
  problems.push(...rows.problems, ...tools.problems, ...batch.problems);
  const detailFields = (page.detail?.fields ?? page.columns).map((c, i) =>
    resolveColumn(c, fields, file, page.detail?.fields ? `/detail/fields/${i}` : `/columns/${i}`, problems),
  );
  const children: ChildTable[] = page.detail?.children
    ? page.detail.children.map((ch, i) => {
        const def = resource?.children?.[ch.name];
        if (resource && !def) {
          const source = { file, path: `/detail/children/${i}` };
          problems.push({
            text: `配置错误：${file} ${source.path} 的明细“${ch.name}”在资源中不存在`,
            source,
          });
        }
        return {
          name: ch.name,
          title: ch.title ?? def?.title ?? ch.name,
          columns: ch.columns.map((c, j) =>
            resolveColumn(c, def?.fields, file, `/detail/children/${i}/columns/${j}`, problems),
          ),
        };
      })
    : Object.entries(resource?.children ?? {}).map(([name, def]) => ({
        name,
        title: def.title,
        columns: Object.entries(def.fields)
          .filter(([n]) => n !== def.primaryKey && n !== def.foreignKey)
          .map(([n, f]) =>
            resolveColumn({ field: n, valueType: guessValueType(f) }, def.fields, file, `/detail`, problems),
          ),
      }));
  const listEndpoint = resource?.endpoints.list ?? page.endpoint;
  const listPermission = listEndpoint
    ? Array.isArray(listEndpoint.permission)
      ? listEndpoint.permission
      : [listEndpoint.permission]
    : [];
  return {
    page,
    resource,
    file,
    rowKey: page.rowKey ?? resource?.primaryKey ?? 'id',
    columns,
    search,
    url: {
      filters: kinds,
      pageSizes,
      sortable: columns
        .filter((c) => c.sortable && (resource?.sortable ?? []).includes(c.field))
        .map((c) => c.field),
      defaults: { pageSize, sort },
    },
    rowActions: rows.actions,
    toolbar: tools.actions,
    batchActions: batch.actions,
    detail: {
      title: page.detail?.title ?? `${resource?.title ?? page.title}详情`,
      fields: detailFields,
      children,
    },
    listPermission,
    problems,
  };
}
