import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { Form as FormilyForm } from '@formily/antd-v5';
import { createForm, onFormValuesChange } from '@formily/core';
import type { ISchema } from '@formily/json-schema';
import { createSchemaField } from '@formily/react';
import { Button, Space } from 'antd';
import { type KeyboardEvent, memo, useEffect, useMemo, useState } from 'react';
import { enumDef, enumOptions } from '../catalogue';
import { registerNamedValidators } from '../form/validators';
import { FORM_COMPONENTS } from '../registry';
import { LoadingButton } from '../ui/LoadingButton';
import type { SearchField } from '@/schema/resolve/page';
import { useTabState } from '@/runtime/tabs';
import { useStableCallback } from './use-stable-callback';
import { t as i18nT, useTranslation } from '@/i18n';

/** Fields shown before '展开'. */
const COLLAPSED_COUNT = 3;

const SchemaField = createSchemaField({ components: FORM_COMPONENTS });

/**
 * A search field's schema. Its input is named by the field's title (aria-label): Formily's label is not
 * tied to the input, and a select shows its placeholder in a separate element, so without it a screen
 * reader hears an unnamed combobox (axe: label).
 */
function fieldSchema(f: SearchField): ISchema {
  const schema = searchFieldSchema(f);
  return { ...schema, 'x-component-props': { 'aria-label': f.title, ...schema['x-component-props'] } };
}

function searchFieldSchema(f: SearchField): ISchema {
  const chosen = f.component !== 'Input' && f.component !== 'NumberPicker';
  const placeholder =
    f.placeholder ?? i18nT(chosen ? 'list.pleaseChoose' : 'list.pleaseEnter', { title: f.title });
  const common = { title: f.title, 'x-decorator': 'FormItem' };
  switch (f.component) {
    case 'Select': {
      const def = f.enumName ? enumDef(f.enumName) : undefined;
      const options = def
        ? enumOptions(def)
        : f.kind === 'boolean'
          ? [
              { label: i18nT('common.yes'), value: true },
              { label: i18nT('common.no'), value: false },
            ]
          : [];
      return {
        ...common,
        type: f.multiple ? 'array' : 'string',
        enum: options,
        'x-component': 'Select',
        'x-component-props': {
          placeholder,
          allowClear: true,
          mode: f.multiple ? 'multiple' : undefined,
          maxTagCount: 'responsive',
        },
      };
    }
    case 'ResourceSelect':
      // Options of another resource's 'all' endpoint; the value is what the filter compares (an id).
      return {
        ...common,
        type: f.multiple ? 'array' : 'number',
        'x-component': 'ResourceSelect',
        'x-component-props': {
          ...f.picker,
          placeholder,
          mode: f.multiple ? 'multiple' : undefined,
          maxTagCount: 'responsive',
        },
      };
    case 'ReferencePicker':
      // The same picker as the forms; a search form keeps no copied names (they are no filters).
      return {
        ...common,
        type: 'number',
        'x-component': 'ReferencePicker',
        'x-component-props': { reference: { ...f.reference, copy: {}, prefill: {} }, placeholder },
      };
    case 'ReferenceTreeSelect':
      return {
        ...common,
        type: 'string',
        'x-component': 'ReferenceTreeSelect',
        'x-component-props': { reference: f.reference, placeholder, style: { width: '100%' } },
      };
    case 'NumberPicker':
      return {
        ...common,
        type: 'number',
        'x-component': 'NumberPicker',
        'x-component-props': { placeholder, style: { width: '100%' } },
      };
    case 'DatePicker':
      return {
        ...common,
        type: 'string',
        'x-component': 'DatePicker',
        'x-component-props': { placeholder, style: { width: '100%' } },
      };
    case 'DateRangePicker':
      return {
        ...common,
        type: 'array',
        'x-component': 'DatePicker.RangePicker',
        'x-component-props': {
          placeholder: [i18nT('list.startDate'), i18nT('list.endDate')],
          style: { width: '100%' },
        },
      };
    default:
      return {
        ...common,
        type: 'string',
        'x-component': 'Input',
        'x-component-props': { placeholder, allowClear: true },
      };
  }
}

function searchSchema(fields: SearchField[]): ISchema {
  return {
    type: 'object',
    properties: Object.fromEntries(fields.map((f, i) => [f.key, { ...fieldSchema(f), 'x-index': i }])),
  };
}

export interface SearchFormProps {
  fields: SearchField[];
  /** The submitted search (the list state); the form starts from it unless a draft was kept. */
  values: Record<string, unknown>;
  /** The useTabState name under which the typed, not yet submitted values are kept with the tab. */
  draftName: string;
  loading: boolean;
  onSearch(values: Record<string, unknown>): void;
}

const isEmptyValue = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.every((x) => x === undefined || x === null || x === ''));

/** A plain copy of the form's values (Formily's are observable; search values are JSON). */
const plain = (values: object): Record<string, unknown> =>
  JSON.parse(JSON.stringify(values)) as Record<string, unknown>;

/**
 * Whether Enter pressed on this element means 'search' (issue 20.7): a typed field (text, number) of
 * the form, not a select or a date picker, where Enter picks an option or a date, and not while an
 * input method is composing (Enter then ends the composition of the Chinese text).
 */
function searchesOnEnter(e: KeyboardEvent<HTMLElement>): boolean {
  const el = e.target as HTMLElement;
  return (
    e.key === 'Enter' &&
    !e.nativeEvent.isComposing &&
    !e.altKey &&
    !e.ctrlKey &&
    !e.metaKey &&
    !e.shiftKey &&
    el instanceof HTMLInputElement &&
    el.getAttribute('role') !== 'combobox' &&
    !el.closest('.ant-select, .ant-picker, .ant-cascader')
  );
}

/**
 * The query form of a list (page `search`), a Formily form. What the user typed stays in it whatever
 * the list call answers; only '重置' clears it. Typed values are kept with the tab as they change
 * (issue 22.1), so revisiting the tab shows them even if 查询 was never pressed; refreshing or closing
 * the tab drops them with the rest of its state. Pinned by tests/e2e/shell-tabs.test.ts.
 */
export const SearchForm = memo(function SearchForm({
  fields,
  values,
  draftName,
  loading,
  onSearch,
}: SearchFormProps) {
  registerNamedValidators();
  const { t } = useTranslation();
  const [draft, setDraft] = useTabState<Record<string, unknown> | null>(draftName, null);
  // Created once per page: the kept draft or the list state restores values, typing never re-creates the form.
  const form = useMemo(
    () =>
      createForm({
        initialValues: draft ?? values,
        effects() {
          onFormValuesChange((f) => setDraft(plain(f.values)));
        },
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
  const schema = useMemo(() => searchSchema(fields), [fields]);
  // Wide enough for the longest label ('角色名称/编码'), so none is cut off; 14 px a character.
  const labelWidth = Math.min(160, Math.max(72, ...fields.map((f) => f.title.length * 14 + 24)));
  // A filter in effect is never folded away: a link or a reopened tab with one past the first three
  // opens the form unfolded, so what narrows the list is in sight.
  const [expanded, setExpanded] = useState(() =>
    fields.slice(COLLAPSED_COUNT).some((f) => !isEmptyValue(form.values[f.key])),
  );
  const collapsible = fields.length > COLLAPSED_COUNT;
  useEffect(() => {
    fields.forEach((f, i) => {
      // 'hidden' keeps a folded field's value (and filter); 'none' would drop it.
      form.setFieldState(f.key, (s) => {
        s.display = collapsible && !expanded && i >= COLLAPSED_COUNT ? 'hidden' : 'visible';
      });
    });
  }, [form, fields, expanded, collapsible]);
  const submit = useStableCallback(() => onSearch({ ...form.values }));
  // The fields and the buttons are apart (the buttons sit beside the grid, outside the <form>), so a
  // form of two or more text fields has no implicit submission: Enter in a typed field searches here,
  // as 查询 does, and its default is prevented (a one-field form would otherwise submit a second time).
  const onKeyDown = useStableCallback((e: KeyboardEvent<HTMLElement>) => {
    if (!searchesOnEnter(e)) return;
    e.preventDefault();
    submit();
  });
  const reset = useStableCallback(async () => {
    await form.reset('*', { forceClear: true });
    onSearch({});
  });
  // The Formily tree does not depend on `loading`: a data arrival re-renders the buttons, not the fields.
  const fieldsNode = useMemo(
    () => (
      <FormilyForm
        form={form}
        layout="horizontal"
        labelWidth={labelWidth}
        feedbackLayout="none"
        onAutoSubmit={submit}
      >
        {/* A CSS grid (renderer.css): as many columns as fit, like antd Pro's query forms. */}
        <div className="fr-search-grid" onKeyDown={onKeyDown}>
          <SchemaField schema={schema} />
        </div>
      </FormilyForm>
    ),
    [form, labelWidth, submit, onKeyDown, schema],
  );
  if (!fields.length) return null;
  return (
    <div className="fr-search" data-testid="list-search">
      {fieldsNode}
      <div className="fr-search-actions">
        <Space>
          <Button onClick={reset}>{t('common.reset')}</Button>
          <LoadingButton type="primary" loading={loading} onClick={submit}>
            {t('common.query')}
          </LoadingButton>
          {collapsible && (
            <Button type="link" onClick={() => setExpanded((e) => !e)} style={{ paddingInline: 4 }}>
              {expanded ? t('common.collapse') : t('common.expand')}
              {expanded ? <UpOutlined /> : <DownOutlined />}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
});
