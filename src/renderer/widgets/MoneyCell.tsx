import { memo } from 'react';
import { formatMoney } from '../../schema/format';
import type { CellProps } from './types';

/** valueType money: 2 decimals with thousands separators (SPEC 9). */
export const MoneyCell = memo(function MoneyCell({ value }: CellProps) {
  return <span className="fr-num">{formatMoney(value)}</span>;
});
