import {
  ArrayItems,
  ArrayTable,
  Checkbox,
  DatePicker,
  FormGrid,
  FormItem,
  FormLayout,
  Input,
  NumberPicker,
  Password,
  Radio,
  Select,
  Space,
  Switch,
  TimePicker,
  TreeSelect,
} from '@formily/antd-v5';
import type { ComponentType } from 'react';
import type { FormComponentName } from '@/schema/resolve/components';
import type { ValueType } from '@/schema/value-types';
import { BooleanCell } from './widgets/BooleanCell';
import { DateCell } from './widgets/DateCell';
import { DateTimeCell } from './widgets/DateTimeCell';
import { DigitCell } from './widgets/DigitCell';
import { EnumCell } from './widgets/EnumCell';
import { EnumSelect } from './widgets/EnumSelect';
import { FileSizeCell } from './widgets/FileSizeCell';
import { PercentCell } from './widgets/PercentCell';
import { ImageCell } from './widgets/ImageCell';
import { LinkCell } from './widgets/LinkCell';
import { MoneyCell } from './widgets/MoneyCell';
import { OrgTreeSelect } from './widgets/OrgTreeSelect';
import { ImageUpload } from './widgets/ImageUpload';
import { PackageUpload } from './widgets/PackageUpload';
import { PrivateFileUpload } from './widgets/PrivateFileUpload';
import { QuantityCell } from './widgets/QuantityCell';
import { LineAddition } from './widgets/LineAddition';
import { ReferencePicker } from './widgets/ReferencePicker';
import { ReferenceTreeSelect } from './widgets/ReferenceTreeSelect';
import { ResourceSelect } from './widgets/ResourceSelect';
import { ResourceTree } from './widgets/ResourceTree';
import { RichText } from './widgets/RichText';
import { RichTextCell } from './widgets/RichTextCell';
import { TagsCell } from './widgets/TagsCell';
import { TextCell } from './widgets/TextCell';
import { TimeCell } from './widgets/TimeCell';
import type { CellProps } from './widgets/types';

/**
 * THE registry (DESIGN.md 4.1-4.3): schema keys to components, nothing else decides.
 *
 * - Column `valueType` → cell widget. Keyed by the ValueType union: a type without a widget does not
 *   compile, and tests/unit/renderer/registry.test.ts checks the union against page.schema.json.
 * - Form `x-component` / `x-decorator` → Formily-connected antd components (@formily/antd-v5 wraps
 *   antd; our own widgets use connect/mapProps the same way).
 *
 * A new widget is one file under ./widgets and one line here. A key that is not here renders
 * UnknownWidget: an Alert naming the schema file and the key, never a silent blank.
 */
export const CELL_WIDGETS: { readonly [K in ValueType]: ComponentType<CellProps> } = {
  text: TextCell,
  money: MoneyCell,
  quantity: QuantityCell,
  digit: DigitCell,
  date: DateCell,
  dateTime: DateTimeCell,
  time: TimeCell,
  enum: EnumCell,
  image: ImageCell,
  link: LinkCell,
  tags: TagsCell,
  boolean: BooleanCell,
  fileSize: FileSizeCell,
  richText: RichTextCell,
  percent: PercentCell,
};

export type { FormComponentName };

export const FORM_COMPONENTS = {
  FormItem,
  FormGrid,
  FormLayout,
  Space,
  Input,
  Password,
  Select,
  NumberPicker,
  DatePicker,
  TimePicker,
  Switch,
  Checkbox,
  Radio,
  TreeSelect,
  ArrayItems,
  ArrayTable,
  EnumSelect,
  ResourceSelect,
  ReferencePicker,
  ReferenceTreeSelect,
  LineAddition,
  ResourceTree,
  OrgTreeSelect,
  RichText,
  PackageUpload,
  ImageUpload,
  PrivateFileUpload,
} as const satisfies Record<FormComponentName, unknown>;

/** The cell widget of a value type, or undefined when the registry has none. */
export function cellWidget(valueType: string): ComponentType<CellProps> | undefined {
  return Object.hasOwn(CELL_WIDGETS, valueType) ? CELL_WIDGETS[valueType as ValueType] : undefined;
}

/** Whether an x-component / x-decorator name resolves, dotted members included ('Input.TextArea'). */
export function hasFormComponent(name: string): boolean {
  const [head, ...rest] = name.split('.');
  if (!head || !Object.hasOwn(FORM_COMPONENTS, head)) return false;
  let current: unknown = FORM_COMPONENTS[head as FormComponentName];
  for (const part of rest) {
    if (current === null || (typeof current !== 'object' && typeof current !== 'function')) return false;
    if (!Object.hasOwn(current as object, part)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return typeof current === 'function' || (typeof current === 'object' && current !== null);
}
