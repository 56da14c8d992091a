import { Badge } from 'antd';
import { memo } from 'react';
import { useTranslation } from '@/i18n';
import { EMPTY, formatBoolean } from '../../schema/format';
import type { CellProps } from './types';

/** valueType boolean: 是 / 否 (Yes / No in English) with a status dot. */
export const BooleanCell = memo(function BooleanCell({ value }: CellProps) {
  const { t } = useTranslation();
  const text = formatBoolean(value);
  if (text === EMPTY) return <>{EMPTY}</>;
  const yes = text === '是';
  return <Badge status={yes ? 'success' : 'default'} text={t(yes ? 'common.yes' : 'common.no')} />;
});
