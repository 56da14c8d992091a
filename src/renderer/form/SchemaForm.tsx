import { Form as FormilyForm } from '@formily/antd-v5';
import type { Form } from '@formily/core';
import { createSchemaField } from '@formily/react';
import { type ComponentType, useMemo } from 'react';
import { FORM_COMPONENTS } from '../registry';
import { UnknownWidget } from '../widgets/UnknownWidget';
import type { PreparedForm, UnknownRef } from '@/schema/resolve/form';
import { registerNamedValidators } from './validators';

function unknownComponent(ref: UnknownRef, file: string): ComponentType {
  return function Unknown() {
    return <UnknownWidget kind={ref.kind} name={ref.name} source={{ file, path: ref.path }} />;
  };
}

/**
 * Renders a prepared Formily JSON Schema with the registry's components. The named validators are
 * registered (once) before the first form renders.
 */
export function SchemaForm({ form, prepared }: { form: Form; prepared: PreparedForm }) {
  registerNamedValidators();
  const SchemaField = useMemo(() => {
    const extra = Object.fromEntries(
      prepared.unknown.map((u) => [u.alias, unknownComponent(u, prepared.file)]),
    );
    return createSchemaField({ components: { ...FORM_COMPONENTS, ...extra } });
  }, [prepared]);
  const { layout, labelCol, wrapperCol } = prepared.layout;
  return (
    <FormilyForm
      form={form}
      layout={layout}
      labelCol={labelCol}
      wrapperCol={wrapperCol}
      feedbackLayout="terse"
    >
      <SchemaField schema={prepared.schema} />
    </FormilyForm>
  );
}
