/**
 * The shapes of the schema files the renderer reads. The authority is schemas/meta/*.schema.json
 * (the schema lint validates every file against it), so these types describe valid files only.
 * Resource and enum shapes are the server engine's own types: one description of a resource file.
 */
import type { PrintDoc } from './list/print-docs';
import type { ValueType } from './value-types';

export type {
  ChildDef,
  EnumDef,
  EnumItem,
  FieldDef,
  FilterDef,
  Permission,
  RelationDef,
  ResourceDef,
  SortItem,
  StateValue,
  TransitionDef,
  ValidatorDef,
} from '@server/resources/types';

export type AppName = 'admin' | 'dacang';
export type DateTimeFormat = 'yyyy-MM-dd HH:mm' | 'yyyy-MM-dd HH:mm:ss' | 'HH:mm' | 'HH:mm:ss';

/** A column of a list page, a detail field or a child-table column (page.schema.json#/definitions/column). */
export interface ColumnSchema {
  field: string;
  title?: string;
  /** A string at run time: an unknown one renders the registry's loud failure, not a blank. */
  valueType: ValueType | (string & {});
  format?: DateTimeFormat;
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

/** A row, toolbar or batch action (page.schema.json#/definitions/action). */
export interface ActionSchema {
  type: ActionType;
  title?: string;
  transition?: string;
  relation?: string;
  form?: string;
  href?: string;
  target?: '_self' | '_blank';
  /** type print: the document (list/print-docs.ts). */
  print?: PrintDoc;
  permission?: string;
  confirm?: string;
  danger?: boolean;
}

export interface SearchItemSchema {
  field: string;
  title?: string;
  component?: 'Input' | 'Select' | 'NumberPicker' | 'DatePicker' | 'DateRangePicker' | 'ResourceSelect';
  /** ResourceSelect: the options come from this resource's 'all' endpoint. */
  componentProps?: { resource: string; labelField?: string; valueField?: string };
  placeholder?: string;
}

export interface DetailSchema {
  title?: string;
  fields?: ColumnSchema[];
  children?: { name: string; title?: string; columns: ColumnSchema[] }[];
}

/** A list page file (schemas/pages/<app>/<name>.json). */
export interface PageSchema {
  $schema?: string;
  name: string;
  title: string;
  app: AppName;
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
  search?: SearchItemSchema[];
  columns: ColumnSchema[];
  defaultSort?: { field: string; order: 'ascend' | 'descend' }[];
  pageSizes?: number[];
  defaultPageSize?: number;
  rowActions?: ActionSchema[];
  toolbar?: ActionSchema[];
  batchActions?: ActionSchema[];
  detail?: DetailSchema;
}

/** A node of a Formily JSON Schema as form files write it (form.schema.json#/definitions/node). */
export interface FormNode {
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'void';
  title?: string;
  description?: string;
  default?: unknown;
  required?: boolean;
  enum?: unknown[];
  'x-enum'?: string;
  'x-index'?: number;
  'x-decorator'?: string;
  'x-decorator-props'?: Record<string, unknown>;
  'x-component'?: string;
  'x-component-props'?: Record<string, unknown>;
  'x-validator'?: unknown;
  'x-reactions'?: unknown;
  'x-display'?: 'visible' | 'hidden' | 'none';
  'x-pattern'?: 'editable' | 'disabled' | 'readOnly' | 'readPretty';
  'x-content'?: unknown;
  properties?: Record<string, FormNode>;
  items?: FormNode;
}

/** A form file (schemas/forms/<name>.json). */
export interface FormFile {
  $schema?: string;
  name: string;
  title: string;
  resource: string;
  action: 'create' | 'update' | 'transition' | 'relation';
  transition?: string;
  relation?: string;
  open?: 'modal' | 'drawer' | 'page';
  width?: number;
  layout?: { layout?: 'horizontal' | 'vertical' | 'inline'; labelCol?: number; wrapperCol?: number };
  schema: FormNode & { type: 'object'; properties: Record<string, FormNode> };
}

/** Where a schema came from, so a failure can name the file (and the JSON path inside it). */
export interface SchemaSource {
  file: string;
  path?: string;
}

export type Row = Record<string, unknown>;
