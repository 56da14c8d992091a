import { Image } from 'antd';
import { memo } from 'react';
import { EMPTY } from '../../schema/format';
import type { CellProps } from './types';

/** valueType image: a 32 px thumbnail that previews the full picture. */
export const ImageCell = memo(function ImageCell({ value }: CellProps) {
  if (typeof value !== 'string' || !value) return <>{EMPTY}</>;
  return <Image src={value} width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />;
});
