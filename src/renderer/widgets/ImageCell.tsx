import { Image, Space } from 'antd';
import { memo } from 'react';
import { EMPTY } from '../../schema/format';
import type { CellProps } from './types';

/** The column's title is the picture's text alternative (a photo of the event, of the commodity…). */
const thumb = (src: string, alt: string) => (
  <Image src={src} alt={alt} width={32} height={32} style={{ objectFit: 'cover', borderRadius: 4 }} />
);

/**
 * valueType image: a 32 px thumbnail that previews the full picture. A list of pictures (a
 * commodity's) shows its first and how many in a table, all in a detail; each previews the whole list.
 */
export const ImageCell = memo(function ImageCell({ value, detail, column }: CellProps) {
  const alt = column.title;
  if (Array.isArray(value)) {
    const list = value.filter((v): v is string => typeof v === 'string' && v !== '');
    if (!list.length) return <>{EMPTY}</>;
    const shown = detail ? list : list.slice(0, 1);
    return (
      <Image.PreviewGroup items={list}>
        <Space size={4} wrap data-image-count={list.length}>
          {shown.map((src, i) => (
            <span key={`${src}-${i}`}>{thumb(src, alt)}</span>
          ))}
          {shown.length < list.length ? <span>+{list.length - shown.length}</span> : null}
        </Space>
      </Image.PreviewGroup>
    );
  }
  if (typeof value !== 'string' || !value) return <>{EMPTY}</>;
  return thumb(value, alt);
});
