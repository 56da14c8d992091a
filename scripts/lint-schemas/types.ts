/** Page and form files as the lint and the codegen read them (authority: schemas/meta/*.schema.json). */
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

export interface ColumnDef {
  field: string;
  title?: string;
  valueType: ValueType;
  format?: string;
  enum?: string;
  width?: number;
  fixed?: 'left' | 'right';
  ellipsis?: boolean;
  copyable?: boolean;
  hidden?: boolean;
  sortable?: boolean;
  link?: { action?: 'detail'; href?: string; target?: '_self' | '_blank' };
}

export type ActionType =
  'detail' | 'create' | 'edit' | 'delete' | 'transition' | 'relation' | 'link' | 'print' | 'export';

export interface ActionDef {
  type: ActionType;
  title?: string;
  transition?: string;
  relation?: string;
  form?: string;
  href?: string;
  target?: '_self' | '_blank';
  print?: string;
  permission?: string;
  confirm?: string;
  danger?: boolean;
}

export interface SearchDef {
  field: string;
  title?: string;
  component?: 'Input' | 'Select' | 'NumberPicker' | 'DatePicker' | 'DateRangePicker' | 'ResourceSelect';
  componentProps?: { resource: string; labelField?: string; valueField?: string };
  placeholder?: string;
}

export interface PageDef {
  name: string;
  title: string;
  app: 'admin' | 'dacang';
  /** Without `group` the uri names an entry of server/db/seed/menu.ts; with it the page declares its entry. */
  menu: {
    uri: string;
    group?: [string, string];
    name?: string;
    buttons?: { name: string; code: string }[];
  };
  resource?: string;
  endpoint?: { method: 'GET' | 'POST'; path: string; permission: string };
  rowKey?: string;
  search?: SearchDef[];
  columns: ColumnDef[];
  defaultSort?: { field: string; order: 'ascend' | 'descend' }[];
  pageSizes?: number[];
  defaultPageSize?: number;
  rowActions?: ActionDef[];
  toolbar?: ActionDef[];
  batchActions?: ActionDef[];
  detail?: {
    title?: string;
    fields?: ColumnDef[];
    children?: { name: string; title?: string; columns: ColumnDef[] }[];
  };
}

export type ValidatorRef =
  string | { validator?: string; format?: string; required?: boolean; message?: string };

export interface FormNode {
  type?: string;
  title?: string;
  description?: string;
  default?: unknown;
  required?: boolean;
  enum?: unknown[];
  'x-enum'?: string;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-validator'?: ValidatorRef | ValidatorRef[];
  properties?: Record<string, FormNode>;
  items?: FormNode;
  [key: string]: unknown;
}

export interface FormDef {
  name: string;
  title: string;
  resource: string;
  action: 'create' | 'update' | 'transition' | 'relation';
  transition?: string;
  relation?: string;
  open?: 'modal' | 'drawer' | 'page';
  width?: number;
  layout?: { layout?: string; labelCol?: number; wrapperCol?: number };
  schema: FormNode;
}

export const DEFAULT_PAGE_SIZES = [20, 50, 100, 200, 500];
