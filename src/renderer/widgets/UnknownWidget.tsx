import { Alert } from 'antd';
import { type SchemaSource, type UnknownKind, unknownText } from '@/schema/resolve/context';

export { type UnknownKind, unknownText };

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
