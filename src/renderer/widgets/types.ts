import type { ResolvedColumn } from '@/schema/resolve/columns';
import type { Row } from '../schema-types';

export type { ResolvedColumn };

/** What every cell widget receives. Widgets are memoised: keep these props stable per row. */
export interface CellProps {
  value: unknown;
  row: Row;
  column: ResolvedColumn;
  /** In a detail drawer's facts, not a table cell: room for more (all of a commodity's pictures). */
  detail?: boolean;
}
