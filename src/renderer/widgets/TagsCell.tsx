import { Tag } from 'antd';
import { memo } from 'react';
import { EMPTY } from '../../schema/format';
import type { CellProps } from './types';

/** valueType tags: a list (or comma-separated text) shown as tags. */
export const TagsCell = memo(function TagsCell({ value }: CellProps) {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string' && value
      ? value.split(',').map((s) => s.trim())
      : [];
  const items = list.filter((v) => v !== null && v !== undefined && v !== '');
  if (!items.length) return <>{EMPTY}</>;
  return (
    <>
      {items.map((v, i) => (
        <Tag key={`${String(v)}-${i}`} bordered={false}>
          {String(v)}
        </Tag>
      ))}
    </>
  );
});
