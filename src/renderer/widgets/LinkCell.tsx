import { Typography } from 'antd';
import { createContext, memo, useContext } from 'react';
import { useRendererHost } from '../host';
import { EMPTY, formatText } from '../../schema/format';
import type { Row } from '../schema-types';
import { LightCellsContext, lightLinkClass } from './light-cells';
import type { CellProps } from './types';

/** What a link cell may ask of its list: open the row's detail drawer. */
export const CellActionsContext = createContext<{ openDetail?: (row: Row) => void }>({});

/** '/x/{code}' with the row's values, each URI-encoded. */
export function fillHref(href: string, row: Row): string {
  return href.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (_, field: string) =>
    encodeURIComponent(String(row[field] ?? '')),
  );
}

/** valueType link: opens the detail drawer (link.action detail) or a uri with {field} placeholders. */
export const LinkCell = memo(function LinkCell({ value, row, column }: CellProps) {
  const { openDetail } = useContext(CellActionsContext);
  const host = useRendererHost();
  const light = useContext(LightCellsContext);
  const text = formatText(value);
  if (text === EMPTY) return <>{EMPTY}</>;
  const link = column.link ?? { action: 'detail' as const };
  if (link.href) {
    const href = fillHref(link.href, row);
    const target = link.target ?? '_self';
    return (
      <Typography.Link
        href={href}
        target={target}
        onClick={(e) => {
          if (target !== '_self' || e.ctrlKey || e.metaKey) return;
          e.preventDefault();
          host.navigate(href);
        }}
      >
        {text}
      </Typography.Link>
    );
  }
  const open = () => openDetail?.(row);
  // In a list: antd's markup for a plain Typography.Link, without the component (light-cells.tsx).
  if (light)
    return (
      <a className={lightLinkClass(light)} onClick={open}>
        {text}
      </a>
    );
  return <Typography.Link onClick={open}>{text}</Typography.Link>;
});
