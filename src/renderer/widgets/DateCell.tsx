import { memo } from 'react';
import { formatDate } from '../../schema/format';
import type { CellProps } from './types';

/** valueType date: yyyy-MM-dd (SPEC 9). */
export const DateCell = memo(function DateCell({ value }: CellProps) {
  return <>{formatDate(value)}</>;
});
