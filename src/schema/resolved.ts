/**
 * The shapes of the generated modules of src/generated that are not a schema file as written: list
 * params and results (DESIGN.md 3, Lists) and the pages and forms as the codegen resolves them
 * (scripts/codegen/resolve-page.ts, resolve-form.ts: titles, formats, endpoints and permission lists
 * filled in from the resource). Hand-written once and imported by the generated code (src/generated/types.ts
 * re-exports it); everything taken over from a file keeps the file's type (src/generated/schema-files.ts),
 * so a new action type or column option in schemas/meta reaches these shapes without an edit here.
 */
import type {
  ActionDef,
  AppName,
  ColumnDef,
  FormDef,
  HttpMethod,
  SearchDef,
  StateValue,
} from '../generated/schema-files';

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

export interface EndpointRef {
  method: HttpMethod;
  path: string;
  /** Where the row key travels: path parameter, query or body. */
  key?: { field: string; in: 'params' | 'querystring' | 'body' };
}

/** An endpoint with the permission codes (any one of them) that allow it. */
export type GuardedEndpoint = EndpointRef & { permission: string[] };

export interface PageColumn extends Omit<ColumnDef, 'title' | 'format'> {
  title: string;
  /** date: yyyy-MM-dd; dateTime: yyyy-MM-dd HH:mm(:ss); time: HH:mm(:ss). */
  format?: string;
  /** money: 2, quantity: 3, digit: 0. */
  precision?: number;
}

export interface PageSearchField extends Omit<SearchDef, 'title' | 'component'> {
  title: string;
  component: NonNullable<SearchDef['component']>;
  op: 'eq' | 'contains' | 'in' | 'between';
  enum?: string;
  /** Select with several values (filters with op in). */
  multiple?: boolean;
}

export interface PageAction extends Omit<ActionDef, 'title' | 'permission' | 'transition' | 'danger'> {
  title: string;
  /** Shown only to holders of this code or page uri; the server checks it again. */
  permission: string[];
  endpoint?: GuardedEndpoint;
  transition?: { name: string; from: StateValue[]; to: StateValue; input: string[] };
  danger?: boolean;
}

export interface PageSchema {
  name: string;
  title: string;
  app: AppName;
  /** The schema file, for error messages. */
  file: string;
  menuUri: string;
  resource?: string;
  rowKey: string;
  list: GuardedEndpoint;
  get?: GuardedEndpoint;
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

export interface FormSchema extends Omit<FormDef, 'open' | 'layout' | 'schema'> {
  /** The schema file, for error messages. */
  file: string;
  open: NonNullable<FormDef['open']>;
  layout?: { layout?: string; labelCol?: number; wrapperCol?: number };
  submit: GuardedEndpoint;
  /** Formily JSON Schema, rules and messages resolved from the resource (same texts as the server). */
  schema: Record<string, unknown>;
}
