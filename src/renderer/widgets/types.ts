import type { ColumnDef, Row, SchemaSource } from '../schema-types';

/** A column with its defaults filled from the resource (title, enum). */
export interface ResolvedColumn extends Omit<ColumnDef, 'title' | 'valueType'> {
  title: string;
  /** A string at run time: an unknown one renders the registry's loud failure, not a blank. */
  valueType: ColumnDef['valueType'] | (string & {});
  /** Where the column is written, for failures (file + JSON path). */
  source: SchemaSource;
}

/** What every cell widget receives. Widgets are memoised: keep these props stable per row. */
export interface CellProps {
  value: unknown;
  row: Row;
  column: ResolvedColumn;
}
