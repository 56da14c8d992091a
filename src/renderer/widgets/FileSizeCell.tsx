import { memo } from 'react';
import { formatSize } from '../../schema/format';
import type { CellProps } from './types';

/** valueType fileSize: bytes shown in MB with one decimal, or '暂无' (SPEC 5 download size). */
export const FileSizeCell = memo(function FileSizeCell({ value }: CellProps) {
  return (
    <span className="fr-num" data-file-size>
      {formatSize(value)}
    </span>
  );
});
