import { Tag } from 'antd';
import { memo } from 'react';
import { enumDef, enumFile, enumItem } from '../catalogue';
import { EMPTY } from '../../schema/format';
import type { CellProps } from './types';
import { UnknownWidget } from './UnknownWidget';

/**
 * valueType enum: an antd Tag with the label and colour of schemas/enums/<name>.json. A value the
 * enumeration lacks is shown as it is (data may predate an enum change); a missing enumeration is a
 * schema error and fails loudly.
 */
export const EnumCell = memo(function EnumCell({ value, column }: CellProps) {
  const name = column.enum ?? '';
  const def = enumDef(name);
  if (!def) return <UnknownWidget kind="enum" name={name} source={column.source} />;
  if (value === null || value === undefined || value === '') return <>{EMPTY}</>;
  const values = Array.isArray(value) ? value : [value];
  return (
    <>
      {values.map((v) => {
        const item = enumItem(def, v);
        const color = item?.color && item.color !== 'default' ? item.color : undefined;
        return (
          <Tag key={String(v)} color={color} bordered={false} data-enum={enumFile(name)}>
            {item?.label ?? String(v)}
          </Tag>
        );
      })}
    </>
  );
});
