import useApp from 'antd/es/app/useApp';
import { runSecretTransition } from './secret-action';
import { useCallback, useRef, useState } from 'react';
import { t as text } from '@/i18n';
import { api, newIdempotencyKey } from '@/runtime/request';
import { enumDef, enumItem, loadForm } from '../catalogue';
import type { DataProvider } from '../data/provider';
import type { FormRequest } from '../form/FormModal';
import { autoForm, prepareForm } from '../resolve';
import { formValuesToBody, pick, rowToFormValues } from '../form/values';
import { useRendererHost } from '../host';
import type { FormDef, ResourceDef, Row } from '../schema-types';
import { fillHref } from '../widgets/LinkCell';
import { headerReads } from '@/schema/references';
import { allowedInState, fillValues, type ResolvedAction } from '@/schema/resolve/actions';
import type { PageModel } from '@/schema/resolve/page';
import { runPrint } from './print-action';

/** SPEC 8 success texts, in the language in effect. */
const saved = () => text('common.saved');
const succeeded = () => text('common.done');

export interface ActionRunner {
  /** Runs an action on rows (none for toolbar actions, one for row actions, several for batches). */
  run(action: ResolvedAction, rows: Row[]): Promise<void>;
  formRequest: FormRequest | null;
  closeForm(): void;
}

function rowName(r: ResourceDef, row: Row): string {
  const field = r.displayField ?? r.primaryKey;
  return `${r.title}${row[field] ?? ''}`;
}

function stateLabel(r: ResourceDef, row: Row): string {
  const states = r.states!;
  const value = row[states.field];
  const name = r.fields[states.field]?.['x-enum'];
  const def = name ? enumDef(name) : undefined;
  return (def && enumItem(def, value)?.label) ?? String(value);
}

async function formFor(action: ResolvedAction, r: ResourceDef, mode: FormDef['action'], page: string) {
  const file = action.form ? await loadForm(action.form, page) : autoForm(r, mode, action.transition);
  return prepareForm(file, r, action.form ? `schemas/forms/${action.form}.json` : `${page}（${file.title}）`);
}

/**
 * What each action type does (DESIGN.md 4.5 verbs through the provider): forms open in a modal and stay
 * open with the user's input when the call fails; confirmations come from the schema; every success
 * reloads the list. Batches are checked against the rows' states first, with the server's wording.
 */
export function useActionRunner(
  model: PageModel,
  provider: DataProvider,
  hooks: {
    reload(): void;
    openDetail(row: Row): void;
    clearSelection(): void;
    /** Starts a server-side export of the list as it is filtered and sorted now. */
    exportList(): Promise<void>;
    /** type import: opens the page's import dialog (ImportDialog.tsx). */
    importFile(action: ResolvedAction): void;
    /** A batch the server runs as a job (issue 23.4): the notification follows it to the centre. */
    followJob(job: { id: number; title: string }): void;
    canGet: boolean;
  },
): ActionRunner {
  const { message, modal } = useApp();
  const host = useRendererHost();
  const [formRequest, setFormRequest] = useState<FormRequest | null>(null);
  const hooksRef = useRef(hooks);
  hooksRef.current = hooks;

  const run = useCallback(
    async (action: ResolvedAction, rows: Row[]) => {
      const r = model.resource;
      const h = hooksRef.current;
      const row = rows[0] ?? {};
      const done = (text: string) => {
        message.success(text);
        h.reload();
      };
      if (action.type === 'detail') return h.openDetail(row);
      if (action.type === 'print' && r) {
        const batch = model.batchActions.includes(action);
        return runPrint(action.print!, {
          provider,
          resource: r,
          rows,
          batch,
          warn: (text) => message.warning(text),
        });
      }
      if (action.type === 'link') {
        const href = fillHref(action.href!, row);
        if (action.target === '_blank') window.open(href, '_blank', 'noopener');
        else host.navigate(href);
        return;
      }
      if (action.type === 'export') return h.exportList();
      if (action.type === 'import') return h.importFile(action);
      if (action.type === 'call' && action.call) {
        // One key per click: pressing twice in the box calls once (issue 13.4).
        const key = newIdempotencyKey();
        const { path } = action.call;
        const go = () =>
          api
            .post<{ message?: string }>(path, {}, { idempotencyKey: key })
            .then((answer) => done(answer?.message ?? succeeded()))
            .catch(() => undefined);
        if (!action.confirm) return void (await go());
        modal.confirm({
          title: action.title,
          content: action.confirm,
          okText: text('common.ok'),
          cancelText: text('common.cancel'),
          onOk: go,
        });
        return;
      }
      if (!r) return;
      switch (action.type) {
        case 'create': {
          const prepared = await formFor(action, r, 'create', model.file);
          setFormRequest({
            prepared,
            ...(action.values ? { initialValues: fillValues(action.values, row) } : {}),
            submit: async (values, key) => {
              await provider.create(formValuesToBody(pick(values, prepared.fields), r, 'create'), key);
              done(saved());
            },
          });
          return;
        }
        case 'edit': {
          const [prepared, full] = await Promise.all([
            formFor(action, r, 'update', model.file),
            h.canGet ? provider.getOne(row) : Promise.resolve(row),
          ]);
          setFormRequest({
            prepared,
            initialValues: rowToFormValues(full, r, prepared.fields),
            submit: async (values, key) => {
              await provider.update(row, formValuesToBody(pick(values, prepared.fields), r, 'update'), key);
              done(saved());
            },
          });
          return;
        }
        case 'delete': {
          // One key per click: pressing 删除 twice in the box deletes once (issue 13.4).
          const key = newIdempotencyKey();
          modal.confirm({
            title: action.confirm ?? text('list.deleteConfirm', { name: rowName(r, row) }),
            content: text('list.deleteIrreversible'),
            okText: text('list.delete'),
            okButtonProps: { danger: true },
            cancelText: text('common.cancel'),
            onOk: () =>
              provider
                .remove(row, key)
                .then(() => done(succeeded()))
                .catch(() => undefined),
          });
          return;
        }
        case 'relation': {
          const name = action.relation!;
          const rel = r.relations![name]!;
          const current = await provider.relationGet(row, name);
          // A copy: the loaded file is a shared module object and is completed below.
          const file: FormDef = action.form
            ? structuredClone(await loadForm(action.form, model.file))
            : {
                name: `${r.name}Relation${name}`,
                title: action.title,
                resource: r.name,
                action: 'relation',
                relation: name,
                schema: { type: 'object', properties: { ids: { 'x-component': 'ResourceSelect' } } },
              };
          const ids = file.schema.properties.ids ?? {};
          // The relation's own rules complete what the form file says (title, picker, limit).
          file.schema.properties.ids = {
            type: 'array',
            title: rel.title,
            'x-decorator': 'FormItem',
            ...ids,
            'x-component-props': {
              resource: rel.target,
              mode: 'multiple',
              placeholder: text('list.pleaseChoose', { title: rel.title }),
              ...ids['x-component-props'],
            },
            ...(rel.maxItems
              ? {
                  'x-validator': [
                    {
                      maxItems: rel.maxItems,
                      message: text('list.relationMax', { max: rel.maxItems, title: rel.title }),
                    },
                  ],
                }
              : {}),
          };
          const label = String(row[r.displayField ?? r.primaryKey] ?? '');
          const prepared = prepareForm(
            file,
            r,
            action.form ? `schemas/forms/${action.form}.json` : model.file,
          );
          setFormRequest({
            prepared: { ...prepared, title: label ? `${prepared.title}：${label}` : prepared.title },
            initialValues: { ids: current.ids },
            submit: async (values, key) => {
              await provider.relationSet(row, name, (values.ids as number[]) ?? [], key);
              done(saved());
            },
          });
          return;
        }
        case 'transition': {
          const t = action.transition!;
          const batch = rows.length > 1 || model.batchActions.includes(action);
          const blocked = rows.find((x) => !allowedInState(action, x, r));
          if (blocked) {
            // Same wording as the server's 409, without the round trip.
            message.warning(
              text('list.wrongState', {
                name: rowName(r, blocked),
                state: stateLabel(r, blocked),
                action: t.title,
              }),
            );
            return;
          }
          // The key comes from the form (one per opened form) or from this click (a confirmed action).
          const call = (input: Row, key: string) =>
            (batch
              ? provider.batchTransition(rows, t, input, key, action.asJob)
              : provider.transition(row, t, input, key)
            ).then((answer) => {
              if (batch) h.clearSelection();
              const job = batch ? (answer as { job?: { id: number; title: string } }).job : undefined;
              if (!job) return done(succeeded());
              // Long batches run as a job: each row's outcome waits in 批量任务中心.
              message.success(text('list.batchQueued', { n: rows.length }));
              h.followJob(job);
            });
          if (t.input?.length) {
            const prepared = await formFor(action, r, 'transition', model.file);
            setFormRequest({
              prepared: batch
                ? { ...prepared, title: text('list.batchTitle', { title: prepared.title, n: rows.length }) }
                : prepared,
              // The row's fields its pickers read ("$header.storeId") stay in the values, unsent.
              initialValues: batch
                ? {}
                : rowToFormValues(row, r, [...prepared.fields, ...headerReads(r.fields, prepared.fields)]),
              submit: (values, key) =>
                call(formValuesToBody(pick(values, prepared.fields), r, 'transition'), key),
            });
            return;
          }
          const question =
            action.confirm ??
            (batch
              ? text('list.batchConfirm', { n: rows.length, resource: r.title, action: t.title })
              : undefined);
          const key = newIdempotencyKey();
          if (t.secret && !batch) {
            // The answer carries a secret shown once (secret-action.tsx); the list still reloads.
            const once = (input: Row) =>
              provider.transition(row, t, input, key).then((answer) => (h.reload(), answer));
            return runSecretTransition(
              { modal, message },
              t,
              question ?? text('list.actionConfirm', { action: t.title }),
              once,
            );
          }
          if (!question) return call({}, key);
          modal.confirm({
            title: question,
            okText: text('common.ok'),
            cancelText: text('common.cancel'),
            okButtonProps: { danger: action.danger },
            onOk: () => call({}, key).catch(() => undefined),
          });
          return;
        }
      }
    },
    [model, provider, message, modal, host],
  );

  return { run, formRequest, closeForm: useCallback(() => setFormRequest(null), []) };
}
