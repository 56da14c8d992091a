/**
 * The x-component / x-decorator names a form file may use (the head of a dotted name such as
 * 'ArrayTable.Column'). The renderer's registry (src/renderer/registry.ts FORM_COMPONENTS) must bind
 * exactly these — `satisfies` there refuses a missing or extra one — so the lint, which cannot load
 * React widgets, knows the same names the browser draws.
 */
export const FORM_COMPONENT_NAMES = [
  'FormItem',
  'FormGrid',
  'FormLayout',
  'Space',
  'Input',
  'Password',
  'Select',
  'NumberPicker',
  'DatePicker',
  'TimePicker',
  'Switch',
  'Checkbox',
  'Radio',
  'TreeSelect',
  'ArrayItems',
  'ArrayTable',
  'EnumSelect',
  'ResourceSelect',
  'ReferencePicker',
  'ReferenceTreeSelect',
  'LineAddition',
  'ResourceTree',
  'OrgTreeSelect',
  'RichText',
  'PackageUpload',
  'ImageUpload',
  'PrivateFileUpload',
] as const;

export type FormComponentName = (typeof FORM_COMPONENT_NAMES)[number];

/** Whether the head of a dotted component name is one the renderer binds (members are its business). */
export const isFormComponentName = (name: string): boolean =>
  (FORM_COMPONENT_NAMES as readonly string[]).includes(name.split('.')[0]!);
