import type {
  DetailDocumentDef,
  DetailSectionEndpointDef,
  DetailSectionRelatedDef,
  FieldDef,
  FilterDef,
  PageDef,
  ReferenceDef,
  ResourceDef,
  SearchDef,
  SortDef,
} from '../../generated/schema-files';
import { DEFAULT_PAGE_SIZE, DEFAULT_PAGE_SIZES } from '../page-sizes';
import { filterField } from '../filters';
import { privateFileFields } from '../private-files';
import { type ResolvedAction, resolveActions } from './actions';
import { type ResolvedChart, resolveChart } from './charts';
import { guessValueType, type ResolvedColumn, resolveColumn } from './columns';
import type { ResolveContext, ResolveProblem } from './context';

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

/** How a filter's value is written to the URL and read back (src/renderer/list/url-state.ts). */
export type FilterKind =
  'text' | 'number' | 'boolean' | 'list-text' | 'list-number' | 'range-text' | 'range-number';

/** What the list's URL holds: its filters, page sizes, sortable columns and defaults. */
export interface UrlSpec {
  filters: Record<string, FilterKind>;
  pageSizes: readonly number[];
  sortable: readonly string[];
  defaults: { pageSize: number; sort: SortDef[] };
}

export interface ChildTable {
  name: string;
  title: string;
  columns: ResolvedColumn[];
}

/**
 * A detail section (page detail.sections): a table of what its endpoint answers for the row, or of
 * the latest rows of a related resource that refer to it (`related`).
 */
export interface DetailSection extends ChildTable {
  endpoint?: DetailSectionEndpointDef;
  related?: DetailSectionRelatedDef;
}

export interface PageModel {
  page: PageDef;
  resource?: ResourceDef;
  file: string;
  rowKey: string;
  /** page.tree: rows nested by these fields of the resource's tree, all on one page. */
  tree?: { key: string; parent: string };
  columns: ResolvedColumn[];
  search: SearchField[];
  url: UrlSpec;
  rowActions: ResolvedAction[];
  toolbar: ResolvedAction[];
  batchActions: ResolvedAction[];
  detail: {
    title: string;
    fields: ResolvedColumn[];
    children: ChildTable[];
    /** The row's approvals (detail.approvals). */
    approvals: boolean;
    /** The document the row stands for (detail.document). */
    document?: DetailDocumentDef;
    /** Related lists read from declared endpoints (detail.sections). */
    sections: DetailSection[];
  };
  /** Charts above the table (page.charts), following the search form's filters. */
  charts: ResolvedChart[];
  /** Codes allowing the list itself. */
  listPermission: string[];
  problems: ResolveProblem[];
}

function filterKind(flt: FilterDef, f: FieldDef | undefined): FilterKind {
  // A yes/no question about two fields (below the minimum?), whatever their type.
  if (flt.op === 'belowField' || flt.op === 'differs') return 'boolean';
  if (flt.op === 'has') return f?.items?.type === 'integer' ? 'number' : 'text';
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
  if (flt.op === 'contains' || flt.op === 'has') return 'Input';
  if (flt.op === 'under') return 'ReferenceTreeSelect';
  if (flt.op === 'belowField' || flt.op === 'differs') return 'Select';
  if (flt.op === 'eq' && f?.['x-reference']) return 'ReferencePicker';
  if (enumName || f?.type === 'boolean') return 'Select';
  if (flt.op === 'between')
    return f?.format === 'date' || f?.format === 'date-time' ? 'DateRangePicker' : 'Input';
  if (f?.format === 'date' || f?.format === 'date-time') return 'DatePicker';
  if (flt.via?.type === 'integer' || f?.type === 'integer' || f?.type === 'number') return 'NumberPicker';
  return 'Input';
}

function buildSearch(page: PageDef, r: ResourceDef | undefined, file: string, problems: ResolveProblem[]) {
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
    const f = r ? filterField(r, s.field, flt) : undefined;
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
      reference:
        component === 'ReferencePicker'
          ? f?.['x-reference']
          : component === 'ReferenceTreeSelect'
            ? (f?.['x-reference'] ?? (flt.tree ? { resource: flt.tree } : undefined))
            : undefined,
      placeholder: s.placeholder,
      kind,
      dateOnly: f?.format === 'date-time' || f?.format === 'date',
    });
  });
  return { search, kinds };
}

/**
 * A page file read together with its resource: every default filled, every reference checked. The one
 * resolver of list pages (issue 12.2): the renderer draws what it returns, the schema lint reports its
 * problems (scripts/lint-schemas/check-resolved.ts). What cannot be resolved becomes a problem that
 * the page shows in an Alert naming the file and the JSON path.
 */
export function resolvePage(
  ctx: ResolveContext,
  page: PageDef,
  resource: ResourceDef | undefined,
  file: string,
): PageModel {
  const problems: ResolveProblem[] = [];
  const fields = resource?.fields;
  const columns = page.columns.map((c, i) => resolveColumn(ctx, c, fields, file, `/columns/${i}`, problems));
  const { search, kinds } = buildSearch(page, resource, file, problems);
  // A tree page shows the whole tree on one page: its one page size is the largest.
  const pageSizes = page.tree
    ? [Math.max(...DEFAULT_PAGE_SIZES)]
    : (page.pageSizes ?? [...DEFAULT_PAGE_SIZES]);
  const pageSize = page.tree
    ? pageSizes[0]!
    : (page.defaultPageSize ??
      resource?.endpoints.list?.defaultPageSize ??
      (pageSizes.includes(DEFAULT_PAGE_SIZE) ? DEFAULT_PAGE_SIZE : pageSizes[0]!));
  const sort: SortDef[] = page.defaultSort ?? [];
  const rows = resolveActions(ctx, page.rowActions, resource, file, '/rowActions');
  const tools = resolveActions(ctx, page.toolbar, resource, file, '/toolbar');
  const batch = resolveActions(ctx, page.batchActions, resource, file, '/batchActions');
  problems.push(...rows.problems, ...tools.problems, ...batch.problems);
  // A detail made of the list's columns also shows the resource's private files (x-file), which are no
  // list column: their download link lives in the detail (docs/schemas.md 'Private files').
  const fileColumns = resource
    ? privateFileFields(resource)
        .filter((name) => !page.columns.some((c) => c.field === name))
        .map((field) => ({ field, valueType: 'text' as const }))
    : [];
  const detailFields = (page.detail?.fields ?? [...page.columns, ...fileColumns]).map((c, i) =>
    resolveColumn(
      ctx,
      c,
      fields,
      file,
      page.detail?.fields ? `/detail/fields/${i}` : `/columns/${i}`,
      problems,
    ),
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
            resolveColumn(ctx, c, def?.fields, file, `/detail/children/${i}/columns/${j}`, problems),
          ),
        };
      })
    : Object.entries(resource?.children ?? {}).map(([name, def]) => ({
        name,
        title: def.title,
        columns: Object.entries(def.fields)
          .filter(([n]) => n !== def.primaryKey && n !== def.foreignKey)
          .map(([n, f]) =>
            resolveColumn(
              ctx,
              { field: n, valueType: guessValueType(f) },
              def.fields,
              file,
              `/detail`,
              problems,
            ),
          ),
      }));
  const sections: DetailSection[] = (page.detail?.sections ?? []).map((sec, i) => ({
    name: sec.name,
    title: sec.title,
    ...(sec.endpoint ? { endpoint: sec.endpoint } : {}),
    ...(sec.related ? { related: sec.related } : {}),
    columns: sec.columns.map((c, j) =>
      resolveColumn(ctx, c, undefined, file, `/detail/sections/${i}/columns/${j}`, problems),
    ),
  }));
  let tree: PageModel['tree'];
  if (page.tree) {
    const t = resource?.tree;
    const parentRef = t ? resource.fields[t.parent]?.['x-reference'] : undefined;
    if (!t || !parentRef) {
      problems.push({
        text: `配置错误：${file} /tree 的资源没有树形结构（resource.tree）`,
        source: { file, path: '/tree' },
      });
    } else tree = { key: parentRef.value ?? resource.primaryKey, parent: t.parent };
  }
  const charts = (page.charts ?? []).flatMap(
    (c, i) => resolveChart(ctx, c, resource, file, `/charts/${i}`, problems) ?? [],
  );
  const listEndpoint = (page.view ? resource?.views?.[page.view] : resource?.endpoints.list) ?? page.endpoint;
  if (page.view && resource && !resource.views?.[page.view])
    problems.push({
      text: `配置错误：${file} /view 的资源没有场景列表「${page.view}」`,
      source: { file, path: '/view' },
    });
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
    tree,
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
      approvals: page.detail?.approvals === true,
      ...(page.detail?.document ? { document: page.detail.document } : {}),
      sections,
    },
    charts,
    listPermission,
    problems,
  };
}
