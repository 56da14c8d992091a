/**
 * The shape of the schema files, as the engine reads them. The authority is schemas/meta/*.schema.json:
 * files are validated against it when loaded (load.ts), so these types describe valid files only.
 */
export type Scalar = string | number | boolean;
export type StateValue = string | number;
export type Permission = string | string[];
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface FieldDef {
  type: 'string' | 'integer' | 'number' | 'boolean' | 'array';
  title: string;
  description?: string;
  format?: 'date' | 'date-time' | 'time' | 'email' | 'uri';
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
  nullable?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  items?: { type: 'string' | 'integer' | 'number'; maxLength?: number; pattern?: string };
  minItems?: number;
  maxItems?: number;
  errorMessage?: Partial<Record<string, string>>;
  'x-enum'?: string;
  'x-validator'?: string;
  'x-column'?: string;
  'x-immutable'?: boolean;
  'x-unique'?: string;
  'x-ref'?: { table: string; column: string };
  'x-lookup'?: { from: string; table: string; key: string; column: string };
  'x-secret'?: 'password';
}

export type FilterOp = 'eq' | 'contains' | 'in' | 'between';

export interface FilterDef {
  op: FilterOp;
  field?: string;
  fields?: string[];
  title?: string;
  via?: { table: string; key: string; column: string; type: 'integer' | 'string'; enum?: string };
}

export interface SortItem {
  field: string;
  order: 'ascend' | 'descend';
}

export type StampValue = '$now' | '$user.id' | '$user.account' | '$user.realName' | `$code:${string}`;
export type StampSet = Record<string, StampValue>;

export interface TransitionDef {
  name: string;
  title: string;
  from: StateValue[];
  to: StateValue;
  permission: Permission;
  input?: string[];
  set?: StampSet;
  confirm?: string;
  danger?: boolean;
}

export interface StatesDef {
  field: string;
  initial?: StateValue;
  editableIn?: StateValue[];
  deletableIn?: StateValue[];
  transitions: TransitionDef[];
}

export interface ChildDef {
  title: string;
  table: string;
  foreignKey: string;
  primaryKey: string;
  lineNumber?: string;
  fields: Record<string, FieldDef>;
  required?: string[];
  minItems?: number;
  maxItems?: number;
}

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  permission: Permission;
  description?: string;
  /** Served by a hand-written route of server/routes with the same contract; the engine skips it. */
  external?: boolean;
}

export interface KeyedEndpointDef extends EndpointDef {
  key?: string;
}

export interface ListEndpointDef extends EndpointDef {
  method: 'GET' | 'POST';
  defaultPageSize?: number;
  where?: Record<string, Scalar>;
  storeScope?: string;
}

export interface AllEndpointDef extends EndpointDef {
  method: 'GET' | 'POST';
  where?: Record<string, Scalar>;
  limit?: number;
}

export interface TransitionEndpointDef {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  key?: string;
  by?: 'action' | 'target';
  description?: string;
  external?: boolean;
}

export interface BatchEndpointDef {
  method: 'POST' | 'PUT' | 'PATCH';
  path: string;
  maxItems?: number;
  description?: string;
}

export interface RelationDef {
  title: string;
  table: string;
  ownKey: string;
  otherKey: string;
  target: string;
  targetWhere?: Record<string, Scalar>;
  maxItems?: number;
  get: EndpointDef;
  set: EndpointDef;
}

export interface ResourceDef {
  name: string;
  title: string;
  description?: string;
  table: string;
  primaryKey: string;
  displayField?: string;
  fields: Record<string, FieldDef>;
  required?: string[];
  errorMessage?: { required?: Record<string, string> };
  filters?: Record<string, FilterDef>;
  sortable?: string[];
  defaultSort?: SortItem[];
  stamps?: { create?: StampSet; update?: StampSet };
  states?: StatesDef;
  children?: Record<string, ChildDef>;
  relations?: Record<string, RelationDef>;
  protectSelf?: boolean;
  endpoints: {
    list?: ListEndpointDef;
    all?: AllEndpointDef;
    get?: KeyedEndpointDef;
    create?: EndpointDef;
    update?: KeyedEndpointDef;
    delete?: KeyedEndpointDef;
    transition?: TransitionEndpointDef;
    batchTransition?: BatchEndpointDef;
  };
}

export interface EnumItem {
  value: string | number;
  label: string;
  color?: string;
  description?: string;
}

export interface EnumDef {
  name: string;
  title: string;
  description?: string;
  valueType: 'integer' | 'string';
  items: EnumItem[];
}

export interface ValidatorDef {
  pattern: string;
  message: string;
  appliesTo: Array<'string' | 'integer' | 'number'>;
  description?: string;
  examples?: { valid?: string[]; invalid?: string[] };
}

/** Everything under schemas/ the engine needs, loaded and meta-validated once. */
export interface Catalog {
  dir: string;
  resources: Map<string, ResourceDef>;
  enums: Map<string, EnumDef>;
  validators: Record<string, ValidatorDef>;
}
