import { memo } from 'react';
import { formatPercent } from '../../schema/format';
import type { CellProps } from './types';

/** valueType percent: a 0–1 ratio as a percentage with one decimal (an AI event's confidence). */
export const PercentCell = memo(function PercentCell({ value }: CellProps) {
  return <span className="fr-num">{formatPercent(value)}</span>;
});
