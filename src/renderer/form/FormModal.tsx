import { createForm } from '@formily/core';
import { Modal, Space } from 'antd';
import { useMemo } from 'react';
import { newIdempotencyKey } from '@/runtime/request';
import type { Row } from '../schema-types';
import { LoadingButton } from '../ui/LoadingButton';
import type { PreparedForm } from '@/schema/resolve/form';
import { SchemaForm } from './SchemaForm';
import { useTranslation } from '@/i18n';

export interface FormRequest {
  prepared: PreparedForm;
  initialValues?: Row;
  /**
   * Sends the values with the form's idempotency key; a rejection keeps the modal open with everything
   * the user typed.
   */
  submit(values: Row, idempotencyKey: string): Promise<unknown>;
}

async function sealSecrets(values: Row, secrets: string[]): Promise<Row> {
  if (!secrets.some((s) => typeof values[s] === 'string' && values[s] !== '')) return values;
  // Loaded only when a form has a password: the RSA code stays out of every other page.
  const { encryptPassword } = await import('@/host/pages/auth-flow/encrypt');
  const out = { ...values };
  for (const s of secrets)
    if (typeof out[s] === 'string' && out[s] !== '') out[s] = await encryptPassword(out[s] as string);
  return out;
}

/** A create, edit, transition or assignment form in a modal (form.schema.json open: modal). */
export function FormModal({ request, onClose }: { request: FormRequest | null; onClose: () => void }) {
  const { t } = useTranslation();
  // A new form per request: the previous one's values never leak into the next. And one idempotency
  // key per opened form: a double click or a retry of this submission acts once on the server (issue
  // 13.4); the server keeps no failed answer, so a corrected resubmission may reuse it.
  const { form, key } = useMemo(
    () => ({ form: createForm({ initialValues: request?.initialValues ?? {} }), key: newIdempotencyKey() }),
    [request],
  );
  const submit = async () => {
    if (!request) return;
    try {
      await form.submit(async (values: Row) => {
        await request.submit(await sealSecrets(values, request.prepared.secrets), key);
      });
    } catch (err) {
      // Formily rejects with the field errors, which the form already shows under each field.
      if (Array.isArray(err)) return;
      throw err;
    }
    onClose();
  };
  return (
    <Modal
      open={!!request}
      title={request?.prepared.title}
      width={request?.prepared.width}
      onCancel={onClose}
      destroyOnHidden
      maskClosable={false}
      // Long forms scroll inside the modal; the buttons stay in view.
      styles={{ body: { maxHeight: 'calc(100vh - 260px)', overflowY: 'auto', paddingRight: 8 } }}
      footer={
        <Space>
          <LoadingButton onClick={onClose}>{t('common.cancel')}</LoadingButton>
          <LoadingButton type="primary" onClick={submit} data-testid="form-submit">
            {t('common.ok')}
          </LoadingButton>
        </Space>
      }
    >
      {request && <SchemaForm form={form} prepared={request.prepared} />}
    </Modal>
  );
}
