import { Typography } from 'antd';
import { memo } from 'react';
import { EMPTY, formatText } from '../../schema/format';
import type { CellProps } from './types';

/** valueType text: the value as it is; copyable when the column says so. */
export const TextCell = memo(function TextCell({ value, column }: CellProps) {
  const text = formatText(value);
  if (column.copyable && text !== EMPTY) return <Typography.Text copyable={{ text }}>{text}</Typography.Text>;
  return <>{text}</>;
});
