/**
 * The shapes the generated typed clients of src/generated/resources share: list params and results
 * (DESIGN.md 3, Lists), enum options. Hand-written once and imported by the generated code
 * (src/generated/types.ts re-exports it). Pages and forms are resolved at run time by
 * src/schema/resolve, not generated.
 */
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
  /** A batch run as a job (issue 23.4): the job to follow; its rows' outcomes are in the centre. */
  job?: { id: number; title: string; status: number; statusName: string; createTime: string };
}

/** One group of an aggregate (resource `aggregates`); labels where the server knows them. */
export interface AggregateRow {
  key: string | number | boolean | null;
  label?: string | null;
  series?: string | number | boolean | null;
  seriesLabel?: string | null;
  /** The third dimension (table charts only). */
  detail?: string | number | boolean | null;
  detailLabel?: string | null;
  value: number;
  /** The aggregate's further measures by name (`measures`), at their fields' decimals. */
  values?: Record<string, number>;
}

export interface AggregateResult {
  rows: AggregateRow[];
}
