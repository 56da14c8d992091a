import { resourceRoutes, type RouteSpec } from '../../src/schema/routes';
import type { Catalog, FieldDef, ResourceDef } from '../../src/schema/types';
import type { ActionDef, ColumnDef, PageDef } from '../../src/generated/schema-files';
import { DEFAULT_PAGE_SIZES } from '../../src/schema/page-sizes';

const PRECISION: Record<string, number> = { money: 2, quantity: 3, digit: 0 };
const FORMAT: Record<string, string> = {
  date: 'yyyy-MM-dd',
  dateTime: 'yyyy-MM-dd HH:mm:ss',
  time: 'HH:mm:ss',
};

function column(fields: Record<string, FieldDef> | undefined, c: ColumnDef) {
  const f = fields?.[c.field];
  const format = c.format ?? FORMAT[c.valueType];
  const en = c.enum ?? f?.['x-enum'];
  const { sortable, ...rest } = c;
  return {
    ...rest,
    title: c.title ?? f?.title ?? c.field,
    ...(format ? { format } : {}),
    ...(PRECISION[c.valueType] !== undefined ? { precision: PRECISION[c.valueType] } : {}),
    ...(c.valueType === 'enum' && en ? { enum: en } : {}),
    ...(sortable ? { sortable: true } : {}),
  };
}

const ref = (route: RouteSpec | undefined) =>
  route && {
    method: route.method,
    path: route.path,
    ...(route.key ? { key: route.key } : {}),
    permission: route.permission,
  };

const TITLES: Record<string, string> = { detail: '详情', create: '新增', edit: '编辑', delete: '删除' };

function action(r: ResourceDef | undefined, a: ActionDef, batch: boolean) {
  const routes = r ? resourceRoutes(r) : [];
  const find = (kind: RouteSpec['kind'], relation?: string) =>
    routes.find((x) => x.kind === kind && (!relation || x.relation === relation));
  const base = {
    type: a.type,
    ...(a.form ? { form: a.form } : {}),
    ...(a.href ? { href: a.href, target: a.target ?? '_self' } : {}),
  };
  const explicit = a.permission ? [a.permission] : undefined;
  switch (a.type) {
    case 'link':
      return { ...base, title: a.title ?? '打开', permission: explicit! };
    case 'print':
      return { ...base, title: a.title ?? '打印', permission: explicit!, print: a.print };
    case 'export': {
      const route = find('list')!;
      return {
        ...base,
        title: a.title ?? '导出',
        permission: explicit ?? route.permission,
        endpoint: { method: 'POST', path: '/api/v1/export/jobs', permission: route.permission },
      };
    }
    case 'transition': {
      const t = r!.states!.transitions.find((x) => x.name === a.transition)!;
      const route = find(batch ? 'batchTransition' : 'transition')!;
      return {
        ...base,
        title: a.title ?? t.title,
        permission: explicit ?? (Array.isArray(t.permission) ? t.permission : [t.permission]),
        endpoint: ref(route),
        transition: { name: t.name, from: t.from, to: t.to, input: t.input ?? [] },
        ...((a.confirm ?? t.confirm) ? { confirm: a.confirm ?? t.confirm } : {}),
        ...((a.danger ?? t.danger) ? { danger: true } : {}),
      };
    }
    case 'relation': {
      const rel = r!.relations![a.relation!]!;
      const route = find('relationSet', a.relation);
      return {
        ...base,
        title: a.title ?? rel.title,
        permission: explicit ?? route!.permission,
        endpoint: ref(route),
        relation: a.relation,
      };
    }
    default: {
      const kind = ({ detail: 'get', create: 'create', edit: 'update', delete: 'delete' } as const)[a.type];
      const route = find(kind)!;
      const del = a.type === 'delete';
      return {
        ...base,
        title: a.title ?? TITLES[a.type]!,
        permission: explicit ?? route.permission,
        endpoint: ref(route),
        ...(a.confirm || del ? { confirm: a.confirm ?? '删除后不可恢复，确定删除吗？' } : {}),
        ...(a.danger || del ? { danger: true } : {}),
      };
    }
  }
}

/** A page file with titles, formats, enums, endpoints and permissions filled in from its resource. */
export function resolvePage(catalog: Catalog, file: string, p: PageDef) {
  const r = p.resource ? catalog.resources.get(p.resource) : undefined;
  const routes = r ? resourceRoutes(r) : [];
  const list = r
    ? ref(routes.find((x) => x.kind === 'list'))!
    : { method: p.endpoint!.method, path: p.endpoint!.path, permission: [p.endpoint!.permission] };
  const get = ref(routes.find((x) => x.kind === 'get'));
  const search = (p.search ?? []).map((s) => {
    const flt = r?.filters?.[s.field];
    const f = r?.fields[flt?.fields?.[0] ?? flt?.field ?? s.field];
    const en = flt && !flt.via && flt.op !== 'contains' ? f?.['x-enum'] : undefined;
    const component =
      s.component ??
      (flt?.op === 'between'
        ? 'DateRangePicker'
        : en
          ? 'Select'
          : f?.type === 'number'
            ? 'NumberPicker'
            : 'Input');
    return {
      field: s.field,
      title: s.title ?? flt?.title ?? f?.title ?? s.field,
      component,
      op: flt?.op ?? 'eq',
      ...(s.componentProps ? { componentProps: s.componentProps } : {}),
      ...(s.placeholder ? { placeholder: s.placeholder } : {}),
      ...(en ? { enum: en } : {}),
      ...(flt?.op === 'in' ? { multiple: true } : {}),
    };
  });
  const sizes = p.pageSizes ?? DEFAULT_PAGE_SIZES;
  return {
    name: p.name,
    title: p.title,
    app: p.app,
    file,
    menuUri: p.menu.uri,
    ...(r ? { resource: r.name } : {}),
    rowKey: p.rowKey ?? r?.primaryKey ?? 'id',
    list,
    ...(get ? { get } : {}),
    search,
    columns: p.columns.map((c) => column(r?.fields, c)),
    defaultSort: p.defaultSort ?? r?.defaultSort ?? [],
    pageSizes: sizes,
    defaultPageSize: p.defaultPageSize ?? r?.endpoints.list?.defaultPageSize ?? sizes[0],
    rowActions: (p.rowActions ?? []).map((a) => action(r, a, false)),
    toolbar: (p.toolbar ?? []).map((a) => action(r, a, false)),
    batchActions: (p.batchActions ?? []).map((a) => action(r, a, true)),
    ...(p.detail && r
      ? {
          detail: {
            title: p.detail.title ?? `${r.title}详情`,
            fields: (p.detail.fields ?? []).map((c) => column(r.fields, c)),
            children: (p.detail.children ?? []).map((ch) => ({
              name: ch.name,
              title: ch.title ?? r.children![ch.name]!.title,
              columns: ch.columns.map((c) => column(r.children![ch.name]!.fields, c)),
            })),
          },
        }
      : {}),
  };
}
