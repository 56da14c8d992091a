import { memo } from 'react';
import { formatDateTime } from '../../schema/format';
import type { CellProps } from './types';

/** valueType dateTime: yyyy-MM-dd HH:mm:ss, or the column's format (HH:mm variants), China time. */
export const DateTimeCell = memo(function DateTimeCell({ value, column }: CellProps) {
  return <>{formatDateTime(value, column.format)}</>;
});
