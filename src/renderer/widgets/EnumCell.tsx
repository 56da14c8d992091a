import { Tag } from 'antd';
import { memo, useContext } from 'react';
import { enumDef, enumFile, enumItem } from '../catalogue';
import { EMPTY } from '../../schema/format';
import type { CellProps } from './types';
import { LightCellsContext, lightTagClass, lightTagColour } from './light-cells';
import { UnknownWidget } from './UnknownWidget';

/**
 * valueType enum: an antd Tag with the label and colour of schemas/enums/<name>.json. A value the
 * enumeration lacks is shown as it is (data may predate an enum change); a missing enumeration is a
 * schema error and fails loudly. In a list, antd's markup without the component (light-cells.tsx).
 */
export const EnumCell = memo(function EnumCell({ value, column }: CellProps) {
  const name = column.enum ?? '';
  const def = enumDef(name);
  const light = useContext(LightCellsContext);
  if (!def) return <UnknownWidget kind="enum" name={name} source={column.source} />;
  if (value === null || value === undefined || value === '') return <>{EMPTY}</>;
  const values = Array.isArray(value) ? value : [value];
  return (
    <>
      {values.map((v) => {
        const item = enumItem(def, v);
        const color = item?.color && item.color !== 'default' ? item.color : undefined;
        if (light && lightTagColour(color))
          return (
            <span key={String(v)} data-enum={enumFile(name)} className={lightTagClass(light, color)}>
              {item?.label ?? String(v)}
            </span>
          );
        return (
          <Tag key={String(v)} color={color} bordered={false} data-enum={enumFile(name)}>
            {item?.label ?? String(v)}
          </Tag>
        );
      })}
    </>
  );
});
