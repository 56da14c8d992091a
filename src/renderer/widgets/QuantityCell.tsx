import { memo } from 'react';
import { formatQuantity } from '../../schema/format';
import type { CellProps } from './types';

/** valueType quantity: 3 decimals (SPEC 9). */
export const QuantityCell = memo(function QuantityCell({ value }: CellProps) {
  return <span className="fr-num">{formatQuantity(value)}</span>;
});
