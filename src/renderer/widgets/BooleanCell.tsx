import { Badge } from 'antd';
import { memo } from 'react';
import { EMPTY, formatBoolean } from '../../schema/format';
import type { CellProps } from './types';

/** valueType boolean: 是 / 否 with a status dot. */
export const BooleanCell = memo(function BooleanCell({ value }: CellProps) {
  const text = formatBoolean(value);
  if (text === EMPTY) return <>{EMPTY}</>;
  return <Badge status={text === '是' ? 'success' : 'default'} text={text} />;
});
