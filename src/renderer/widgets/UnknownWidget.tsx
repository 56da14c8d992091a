import { Alert } from 'antd';
import type { SchemaSource } from '../schema-types';

export type UnknownKind = 'valueType' | 'x-component' | 'x-decorator' | 'enum';

const KIND_TEXT: Record<UnknownKind, string> = {
  valueType: '列类型 valueType',
  'x-component': '表单组件 x-component',
  'x-decorator': '表单装饰器 x-decorator',
  enum: '枚举 enum',
};

/** The sentence an unknown key produces: it names the file, the JSON path and the key. */
export function unknownText(kind: UnknownKind, key: string, source: SchemaSource): string {
  const where = source.path ? `${source.file} ${source.path}` : source.file;
  return `配置错误：${where} 中的${KIND_TEXT[kind]}“${key}”未注册`;
}

/**
 * The registry's loud failure (DESIGN.md 4.1): an unknown key is shown where the thing would be,
 * never a silent blank. Pinned by tests/unit/renderer/registry.test.ts.
 */
export function UnknownWidget({
  kind,
  name,
  source,
}: {
  kind: UnknownKind;
  name: string;
  source: SchemaSource;
}) {
  return (
    <Alert
      type="error"
      showIcon
      banner
      data-unknown-key={name}
      message={unknownText(kind, name, source)}
      style={{ padding: '2px 8px' }}
    />
  );
}
