import { HEADER } from './names';

/**
 * Shared types and helpers of the generated code: list params and results (DESIGN.md 3, Lists),
 * the GET query encoding the server expects (server/resources/query-text.ts), and the resolved
 * page and form shapes the renderer consumes.
 */
export function emitTypes(): string {
  return `${HEADER('scripts/codegen/emit-static.ts')}
export interface EnumOption<V extends string | number = string | number> {
  value: V;
  label: string;
  color?: string;
}

export interface SortItem<F extends string = string> {
  field: F;
  order: 'ascend' | 'descend';
}

export interface ListParams<F extends string = string> {
  pageNo?: number;
  pageSize?: number;
  sort?: SortItem<F>[];
}

export interface PageResult<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}

export interface AllResult<T> {
  list: T[];
  total: number;
}

export interface RelationResult<T> {
  ids: number[];
  list: T[];
}

export interface BatchResult {
  count: number;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface EndpointRef {
  method: HttpMethod;
  path: string;
  /** Where the row key travels: path parameter, query or body. */
  key?: { field: string; in: 'params' | 'querystring' | 'body' };
}

export type ValueType =
  | 'text'
  | 'money'
  | 'quantity'
  | 'digit'
  | 'date'
  | 'dateTime'
  | 'time'
  | 'enum'
  | 'image'
  | 'link'
  | 'tags'
  | 'boolean'
  | 'fileSize'
  | 'richText';

export interface PageColumn {
  field: string;
  title: string;
  valueType: ValueType;
  /** date: yyyy-MM-dd; dateTime: yyyy-MM-dd HH:mm(:ss); time: HH:mm(:ss). */
  format?: string;
  /** money: 2, quantity: 3, digit: 0. */
  precision?: number;
  enum?: string;
  width?: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  copyable?: boolean;
  hidden?: boolean;
  sortable?: boolean;
  link?: { action?: 'detail'; href?: string; target?: '_self' | '_blank' };
}

export interface PageSearchField {
  field: string;
  title: string;
  component: 'Input' | 'Select' | 'NumberPicker' | 'DatePicker' | 'DateRangePicker' | 'ResourceSelect';
  componentProps?: { resource: string; labelField?: string; valueField?: string };
  op: 'eq' | 'contains' | 'in' | 'between';
  placeholder?: string;
  enum?: string;
  /** Select with several values (filters with op in). */
  multiple?: boolean;
}

export interface PageAction {
  type: 'detail' | 'create' | 'edit' | 'delete' | 'transition' | 'relation' | 'link' | 'print' | 'export';
  title: string;
  /** Shown only to holders of this code or page uri; the server checks it again. */
  permission: string[];
  endpoint?: EndpointRef & { permission: string[] };
  form?: string;
  transition?: { name: string; from: (string | number)[]; to: string | number; input: string[] };
  relation?: string;
  href?: string;
  target?: '_self' | '_blank';
  /** type print: the document of SPEC 2.14 (src/renderer/list/print-docs.ts). */
  print?: string;
  confirm?: string;
  danger?: boolean;
}

export interface PageSchema {
  name: string;
  title: string;
  app: 'admin' | 'dacang';
  /** The schema file, for error messages. */
  file: string;
  menuUri: string;
  resource?: string;
  rowKey: string;
  list: EndpointRef & { permission: string[] };
  get?: EndpointRef & { permission: string[] };
  search: PageSearchField[];
  columns: PageColumn[];
  defaultSort: SortItem[];
  pageSizes: number[];
  defaultPageSize: number;
  rowActions: PageAction[];
  toolbar: PageAction[];
  batchActions: PageAction[];
  detail?: {
    title: string;
    fields: PageColumn[];
    children: { name: string; title: string; columns: PageColumn[] }[];
  };
}

export interface FormSchema {
  name: string;
  title: string;
  /** The schema file, for error messages. */
  file: string;
  resource: string;
  action: 'create' | 'update' | 'transition' | 'relation';
  transition?: string;
  relation?: string;
  open: 'modal' | 'drawer' | 'page';
  width?: number;
  layout?: { layout?: string; labelCol?: number; wrapperCol?: number };
  submit: EndpointRef & { permission: string[] };
  /** Formily JSON Schema, rules and messages resolved from the resource (same texts as the server). */
  schema: Record<string, unknown>;
}
`;
}

export function emitListHelpers(): string {
  return `${HEADER('scripts/codegen/emit-static.ts')}
const isEmpty = (v: unknown) =>
  v === undefined || v === null || v === '' || (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** Drops untouched search fields ('' and empty lists): the server ignores them anyway, the URL stays short. */
export function compact<T extends object>(params: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) if (!isEmpty(v)) out[k] = v;
  return out as T;
}

/**
 * A GET list's query (server/resources/query-text.ts): sort as field.order, range bounds joined by a
 * comma so an open end stays in place, other lists as repeated keys.
 */
export function listQuery(params: object, ranges: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(compact(params))) {
    if (k === 'sort' && Array.isArray(v)) out.sort = v.map((s: { field: string; order: string }) => \`\${s.field}.\${s.order}\`);
    else if (ranges.includes(k) && Array.isArray(v)) out[k] = v.map((x) => (x === null || x === undefined ? '' : String(x))).join(',');
    else out[k] = v;
  }
  return out;
}

/** A path parameter, encoded. */
export const seg = (v: string | number) => encodeURIComponent(String(v));
`;
}
