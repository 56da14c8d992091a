import { PreviewText } from '@formily/antd-v5';
import type { Field } from '@formily/core';
import { connect, mapReadPretty, observer, useField } from '@formily/react';
import { Select, type SelectProps, Spin } from 'antd';
import { useDebounceFn } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import { referenceText, type ResolvedReference, resolveReference, resolveWhere } from '@/schema/references';
import { useTranslation } from '@/i18n';
import { loadResource } from '../catalogue';
import { resourceProvider } from '../data/provider';
import type { ReferenceDef } from '@/generated/schema-files';
import type { ResourceDef, Row } from '../schema-types';

const PAGE_SIZE = 20;

interface ReferencePickerProps extends Omit<SelectProps, 'options' | 'onChange'> {
  /** The field's x-reference (prepare.ts passes it). */
  reference: ReferenceDef;
  onChange?: (value: unknown) => void;
}

type Option = { label: string; value: string | number; row: Row };

/** The sibling path of a field: 'itemList.3.supplierId' → 'itemList.3.<name>'. */
function sibling(field: Field, name: string): string {
  const parts = field.address.entire.toString().split('.');
  return [...parts.slice(0, -1), name].join('.');
}

/**
 * x-component ReferencePicker (issue 12.7): picks a row of another resource. Types go to that
 * resource's list endpoint (debounced, 20 a page, the next page on scrolling to the end), options show
 * code and name, and the reference's `where` applies. Picking also fills the `copy` fields of the form
 * at once (the server fills them again on save). The current value is named by the copied label
 * field when the form has it (editing a saved document), else by the value itself.
 */
function ReferencePickerBase({ reference, value, onChange, ...rest }: ReferencePickerProps) {
  const { t } = useTranslation();
  const field = useField<Field>();
  const [target, setTarget] = useState<{ def: ResourceDef; ref: ResolvedReference }>();
  const [options, setOptions] = useState<Option[]>([]);
  const [state, setState] = useState({ keyword: '', pageNo: 0, total: 0, loading: false });
  const latest = useRef(0);

  useEffect(() => {
    let live = true;
    void loadResource(reference.resource).then((def) => {
      if (live) setTarget({ def, ref: resolveReference(reference, def) });
    });
    return () => {
      live = false;
    };
  }, [reference]);

  // "$header.x" conditions read the document's header (observer: re-rendered when it changes); a
  // changed header empties the loaded options, so the next opening lists what it now allows.
  const where = resolveWhere(target?.ref.where ?? {}, field.form.values as Row);
  const whereKey = JSON.stringify(where);
  useEffect(() => {
    setOptions([]);
    setState((s) => ({ ...s, pageNo: 0, total: 0 }));
  }, [whereKey]);
  const waitingFor = where.missing ? field.form.query(where.missing).take()?.title : undefined;
  const [open, setOpen] = useState(false);
  /** The conditions the first page was last asked for (whereKey). */
  const listed = useRef<string>();

  const load = async (keyword: string, pageNo: number) => {
    if (!target || where.missing) return;
    const call = ++latest.current;
    setState((s) => ({ ...s, keyword, loading: true }));
    const filters: Row = { [target.ref.search]: keyword || undefined };
    for (const [k, v] of Object.entries(where.values))
      filters[k] = target.def.filters?.[k]?.op === 'in' ? (Array.isArray(v) ? v : [v]) : v;
    try {
      const page = await resourceProvider(target.def, reference.view).getList({
        pageNo,
        pageSize: PAGE_SIZE,
        sort: [],
        filters,
      });
      if (call !== latest.current) return; // an older answer arriving after a newer one
      const got = page.list.map((row) => ({
        row,
        label: referenceText(target.ref, row),
        value: row[target.ref.value] as string | number,
      }));
      setOptions((old) => (pageNo === 1 ? got : [...old, ...got]));
      setState({ keyword, pageNo, total: page.total, loading: false });
    } catch {
      if (call !== latest.current) return;
      setState((s) => ({ ...s, loading: false }));
      listed.current = undefined; // opening it again tries again
    }
  };
  // The first page is listed when the dropdown opens, and again when what it may list changes while
  // it is open, or when the referenced resource's schema arrives after it opened (a slow first load:
  // the dropdown stayed empty until it was opened again).
  useEffect(() => {
    if (!open || !target || where.missing || listed.current === whereKey) return;
    listed.current = whereKey;
    void load('', 1);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load reads this render's target and where
  }, [open, target, whereKey]);
  const { run: search } = useDebounceFn((keyword: string) => void load(keyword, 1), { wait: 300 });

  // The label of a value chosen before (a saved document): the copied label field, if the form has it.
  const labelFrom =
    target && Object.entries(target.ref.copy).find(([, from]) => from === target.ref.label)?.[0];
  const knownLabel = labelFrom ? field.form.getValuesIn(sibling(field, labelFrom)) : undefined;
  const shown =
    value !== undefined && value !== null && !options.some((o) => o.value === value)
      ? [{ value: value as string | number, label: String(knownLabel ?? value), row: {} }, ...options]
      : options;

  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      {...rest}
      placeholder={
        where.missing
          ? t('lines.chooseFirst', { title: String(waitingFor ?? where.missing) })
          : (rest.placeholder ?? t('list.pleaseChoose', { title: field.title ?? '' }))
      }
      disabled={rest.disabled || where.missing !== undefined}
      value={value}
      options={shown.map(({ label, value: v }) => ({ label, value: v }))}
      loading={state.loading}
      notFoundContent={state.loading ? <Spin size="small" /> : undefined}
      onSearch={search}
      onDropdownVisibleChange={setOpen}
      onPopupScroll={(e) => {
        const el = e.currentTarget;
        const more = options.length < state.total;
        if (more && !state.loading && el.scrollTop + el.clientHeight >= el.scrollHeight - 24)
          void load(state.keyword, state.pageNo + 1);
      }}
      onChange={(v) => {
        const row = options.find((o) => o.value === v)?.row;
        if (target) {
          for (const [to, from] of Object.entries(target.ref.copy))
            field.form.setValuesIn(sibling(field, to), row ? row[from] : undefined);
          // Prefilled fields start from the picked row; the user may change them afterwards.
          if (row)
            for (const [to, from] of Object.entries(reference.prefill ?? {}))
              field.form.setValuesIn(sibling(field, to), row[from] ?? undefined);
        }
        onChange?.(v ?? undefined);
      }}
    />
  );
}

/** Read-only: the copied label when the form has it, else the value. */
function ReferenceText({ reference, value }: ReferencePickerProps) {
  const field = useField<Field>();
  const copied = Object.entries(reference.copy ?? {}).find(([, from]) => from === reference.label)?.[0];
  const label = copied ? field.form.getValuesIn(sibling(field, copied)) : undefined;
  return <PreviewText.Input value={String(label ?? value ?? '')} />;
}

export const ReferencePicker = connect(observer(ReferencePickerBase), mapReadPretty(ReferenceText));
