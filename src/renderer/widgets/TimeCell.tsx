import { memo } from 'react';
import { formatTime } from '../../schema/format';
import type { CellProps } from './types';

/** valueType time: HH:mm:ss, or HH:mm when the column's format says so. */
export const TimeCell = memo(function TimeCell({ value, column }: CellProps) {
  return <>{formatTime(value, column.format)}</>;
});
