import { PreviewText } from '@formily/antd-v5';
import { connect, mapProps, mapReadPretty } from '@formily/react';
import { Select, type SelectProps } from 'antd';
import { enumDef, enumOptions } from '../catalogue';

/**
 * x-component EnumSelect: antd's Select with the options of schemas/enums/<enumName>.json
 * (`"x-component-props": { "enumName": "pickZone" }`). Fields with x-enum get a plain Select whose
 * options the form preparation fills; this one is for forms that pick an enumeration by name.
 */
export const EnumSelect = connect(
  Select,
  mapProps((props: SelectProps & { enumName?: string }) => {
    const { enumName, ...rest } = props;
    const def = enumName ? enumDef(enumName) : undefined;
    return { allowClear: true, ...rest, options: def ? enumOptions(def) : rest.options };
  }),
  mapReadPretty(PreviewText.Select),
);
