import { memo } from 'react';
import { formatDigit } from '../../schema/format';
import type { CellProps } from './types';

/** valueType digit: a plain number with thousands separators. */
export const DigitCell = memo(function DigitCell({ value }: CellProps) {
  return <span className="fr-num">{formatDigit(value)}</span>;
});
