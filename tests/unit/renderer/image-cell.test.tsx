import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ImageCell } from '@/renderer/widgets/ImageCell';
import type { ResolvedColumn } from '@/renderer/widgets/types';

// valueType image over a list of pictures (a commodity's, issue 15.2): a table cell shows the first
// and how many more; a detail shows them all; no picture is '-'.
describe('image cell', () => {
  const column = { field: 'pictures', valueType: 'image', title: '商品图片', width: 70 } as ResolvedColumn;
  const pics = ['/uploads/xs/commodity_picture/202611/a.png', '/uploads/xs/commodity_picture/202611/b.png'];
  const html = (value: unknown, detail?: boolean) =>
    renderToStaticMarkup(<ImageCell value={value} row={{}} column={column} detail={detail} />);
  const sources = (markup: string) => [...markup.matchAll(/<img[^>]*src="([^"]+)"/g)].map((m) => m[1]);

  it('shows the first picture and how many more in a table cell', () => {
    const markup = html(pics);
    expect(sources(markup)).toEqual([pics[0]]);
    expect(markup).toContain('+1');
  });

  it('shows every picture in a detail', () => {
    expect(sources(html(pics, true))).toEqual(pics);
  });

  it('shows one picture and no picture as before', () => {
    expect(sources(html(pics[0]))).toEqual([pics[0]]);
    expect(html([])).toBe('-');
    expect(html(null)).toBe('-');
  });
});
