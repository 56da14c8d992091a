import { Alert, App, ConfigProvider, Result, type TableColumnType, type TableProps, theme } from 'antd';
import useApp from 'antd/es/app/useApp';
import { type CSSProperties, memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { startExport } from '@/host/panels/exports/api';
import { useAntdLocale, useTranslation } from '@/i18n';
import { showJobNotice } from '@/host/panels/exports/JobNotice';
import { useRendererHost } from '../host';
import { ImportDialog } from './ImportDialog';
import { importKey } from '@/schema/imports';
import { getProfile } from '@/runtime/session';
import { useTabState } from '@/runtime/tabs';
import { activeFilters, type DataProvider } from '../data/provider';
import { FormModal } from '../form/FormModal';
import { heldPermissions, holds } from '../permissions';
import type { Row, SortItem } from '../schema-types';
import { CellActionsContext } from '../widgets/LinkCell';
import { LightCells } from '../widgets/light-cells';
import '../renderer.css';
import type { ResolvedAction } from '@/schema/resolve/actions';
import { ChartPanel } from '../charts/ChartPanel';
import { BatchBar } from './BatchBar';
import { ColumnSettings } from './ColumnSettings';
import { type ColumnPrefs, prefsKey, readPrefs, reconcile, writePrefs } from './column-prefs';
import { tableColumns } from './columns';
import { DetailDrawer } from './DetailDrawer';
import { ListTable, SELECTION_WIDTH } from './ListTable';
import type { PageModel } from '@/schema/resolve/page';
import { pageAfterSizeChange } from './page-size';
import { RowActions, RowActionsContext, rowActionsWidth } from './RowActions';
import { SearchForm } from './SearchForm';
import { createSelectionStore } from './selection-store';
import { Toolbar } from './Toolbar';
import { useStableCallback } from './use-stable-callback';
import { useActionRunner } from './use-actions';
import { useFillHeight } from './use-fill-height';
import { useListData } from './use-list-data';
import { useListState } from './use-list-state';

export interface ListPageProps {
  model: PageModel;
  provider: DataProvider;
}

const NO_ROWS: Row[] = [];
/** Header row + pagination + margins below the table body. */
const TABLE_RESERVE = { large: 56 + 64 + 24, middle: 48 + 64 + 24, small: 40 + 64 + 24 } as const;
const MIN_TABLE_HEIGHT = 320;
const renderRowActions = (_: unknown, row: Row) => <RowActions row={row} />;

// The drawer and the form modal are closed nearly all the time: they need not re-render with the list.
const MemoDetailDrawer = memo(DetailDrawer);
const MemoFormModal = memo(FormModal);

function useColumnPrefs(
  model: PageModel,
  userId: number | undefined,
): [ColumnPrefs, (p: ColumnPrefs) => void] {
  const key = prefsKey(userId, `${model.page.app}/${model.page.name}`);
  const storage = typeof localStorage === 'undefined' ? undefined : localStorage;
  const [prefs, setPrefs] = useState(() => reconcile(readPrefs(storage, key), model.columns));
  const save = useCallback(
    (next: ColumnPrefs) => {
      setPrefs(next);
      writePrefs(storage, key, next);
    },
    [storage, key],
  );
  return [prefs, save];
}

function ListPageBody({ model, provider }: ListPageProps) {
  const profile = useMemo(() => getProfile(), []);
  const { t } = useTranslation();
  const held = useMemo(() => heldPermissions(profile), [profile]);
  const canList = holds(held, model.listPermission);
  const [state, setState] = useListState(model);
  const { data, loading, reload } = useListData(provider, state, canList);
  // The charts follow the search, not the page or the sort: a new object only when the search changes.
  const chartFilters = useMemo(() => activeFilters(state.search), [state.search]);
  const [prefs, setPrefs] = useColumnPrefs(model, profile?.userId);
  const [settingsOpen, setSettingsOpen] = useTabState(`list:${model.page.name}:columnSettings`, false);
  // The selection lives in a store the checkboxes and the batch bar subscribe to: a tick re-renders
  // those, not the page (the bar is always there, so the table never moves).
  const [selection] = useState(createSelectionStore);
  const [detailRow, setDetailRow] = useState<Row | null>(null);
  const tableRef = useRef<HTMLDivElement>(null);
  const height = useFillHeight(tableRef, TABLE_RESERVE[prefs.density], MIN_TABLE_HEIGHT, [
    model.problems.length,
  ]);

  const permitted = useCallback(
    (list: ResolvedAction[]) => list.filter((a) => holds(held, a.permission)),
    [held],
  );
  const rowActions = useMemo(() => permitted(model.rowActions), [permitted, model]);
  const toolbar = useMemo(() => permitted(model.toolbar), [permitted, model]);
  const batch = useMemo(() => permitted(model.batchActions), [permitted, model]);
  const getPermission = model.resource?.endpoints.get?.permission;
  const canGet = !!getPermission && holds(held, getPermission);
  const detailSections = useMemo(
    // A related list's permission is its resource's list endpoint's, known once the section loads it.
    () => model.detail.sections.filter((s) => !s.endpoint || holds(held, s.endpoint.permission)),
    [held, model],
  );

  // Clearing an empty selection changes nothing and renders nothing.
  const clearSelection = selection.clear;
  // A new page, search or sort shows other rows: a selection of rows no longer visible would surprise.
  useEffect(clearSelection, [state, clearSelection]);

  const { message, notification } = useApp();
  const host = useRendererHost();
  const exportList = useCallback(async () => {
    // The columns the user sees, in order: the file matches the screen.
    const shown = prefs.order.filter((f) => !prefs.hidden.includes(f));
    const job = await startExport({
      page: `${model.page.app}/${model.page.name}`,
      filters: activeFilters(state.search),
      sort: state.sort,
      ...(shown.length ? { columns: shown } : {}),
    });
    message.success(t('jobs.exportQueued'));
    // Issue 23.2: the notification follows the job (bar, items, time left) and links to the centre.
    showJobNotice(notification, job, 'export', host.navigate);
  }, [model, state, prefs, message, notification, host, t]);
  const [importing, setImporting] = useState<ResolvedAction>();
  const followJob = useCallback(
    (job: { id: number; title: string }) => showJobNotice(notification, job, 'batch', host.navigate),
    [notification, host],
  );
  const runner = useActionRunner(model, provider, {
    reload,
    openDetail: setDetailRow,
    clearSelection,
    exportList,
    importFile: setImporting,
    followJob,
    canGet,
  });
  const rowActionsValue = useMemo(
    () => ({ actions: rowActions, resource: model.resource, run: runner.run }),
    [rowActions, model.resource, runner.run],
  );
  const cellActions = useMemo(() => ({ openDetail: setDetailRow }), []);

  const columns = useMemo(() => {
    const cols: TableColumnType<Row>[] = tableColumns(model.columns, prefs, model.url.sortable, state.sort);
    if (rowActions.length)
      cols.push({
        key: '__actions',
        title: t('list.actions'),
        fixed: 'right',
        width: rowActionsWidth(rowActions),
        render: renderRowActions,
      });
    return cols;
  }, [model, prefs, state.sort, rowActions, t]);
  const scrollX = useMemo(
    () => columns.reduce((n, c) => n + (Number(c.width) || 120), batch.length ? SELECTION_WIDTH : 0),
    [columns, batch.length],
  );

  // Stable handlers (they read the latest state when called): the memoised search form and table keep
  // their props, so a data arrival or a selection does not re-render what did not change.
  const onSearch = useStableCallback((values: Record<string, unknown>) =>
    setState({ ...state, search: values, pageNo: 1 }),
  );
  const onChange = useStableCallback<Parameters<NonNullable<TableProps<Row>['onChange']>>, void>(
    (pagination, _filters, sorter, extra) => {
      if (extra.action === 'sort') {
        const s = Array.isArray(sorter) ? sorter[0] : sorter;
        const sort: SortItem[] =
          s?.order && s.columnKey ? [{ field: String(s.columnKey), order: s.order }] : [];
        setState({ ...state, sort, pageNo: 1 });
        return;
      }
      if (extra.action !== 'paginate') return;
      const pageSize = pagination.pageSize ?? state.pageSize;
      const pageNo =
        pageSize !== state.pageSize
          ? pageAfterSizeChange(state.pageNo, pageSize, data?.total ?? 0)
          : (pagination.current ?? state.pageNo);
      setState({ ...state, pageNo, pageSize });
    },
  );
  const run = runner.run;
  const onAction = useCallback((a: ResolvedAction) => run(a, []), [run]);
  const onDensity = useCallback(
    (density: ColumnPrefs['density']) => setPrefs({ ...prefs, density }),
    [prefs, setPrefs],
  );
  const closeDetail = useCallback(() => setDetailRow(null), []);
  const settings = useMemo(
    () => (
      <ColumnSettings
        columns={model.columns}
        prefs={prefs}
        open={settingsOpen}
        onOpenChange={setSettingsOpen}
        onChange={setPrefs}
      />
    ),
    [model.columns, prefs, settingsOpen, setSettingsOpen, setPrefs],
  );

  const { token } = theme.useToken();
  const linkColours = useMemo(
    () =>
      ({
        '--fr-link': token.colorLink,
        '--fr-link-hover': token.colorLinkHover,
        '--fr-link-active': token.colorLinkActive,
        '--fr-error': token.colorError,
        '--fr-error-hover': token.colorErrorHover,
      }) as CSSProperties,
    [token],
  );

  if (!canList) {
    return <Result status="403" title="403" subTitle={t('list.noPermission')} />;
  }
  return (
    <CellActionsContext.Provider value={cellActions}>
      <RowActionsContext.Provider value={rowActionsValue}>
        <div className="fr-list" data-page={`${model.page.app}/${model.page.name}`} style={linkColours}>
          {model.problems.length > 0 && (
            <Alert
              type="error"
              showIcon
              className="fr-problems"
              message={t('details.pageProblems')}
              description={
                <ul>
                  {model.problems.map((p) => (
                    <li key={`${p.source.path}:${p.text}`}>{p.text}</li>
                  ))}
                </ul>
              }
            />
          )}
          {model.page.notice && (
            <Alert
              type="info"
              showIcon
              className="fr-notice"
              data-testid="page-notice"
              message={model.page.notice}
            />
          )}
          {model.search.length > 0 && (
            <div className="fr-card">
              <SearchForm
                fields={model.search}
                values={state.search}
                draftName={`list:${model.page.name}:searchDraft`}
                loading={loading}
                onSearch={onSearch}
              />
            </div>
          )}
          {model.charts.length > 0 && (
            <ChartPanel pageName={model.page.name} charts={model.charts} filters={chartFilters} />
          )}
          <div className="fr-card fr-table-card">
            <Toolbar
              title={model.page.title}
              actions={toolbar}
              loading={loading}
              density={prefs.density}
              onAction={onAction}
              onReload={reload}
              onDensity={onDensity}
              settings={settings}
            />
            {batch.length > 0 && (
              <BatchBar
                selection={selection}
                actions={batch}
                onAction={runner.run}
                onClear={clearSelection}
              />
            )}
            <div ref={tableRef}>
              <ListTable
                rowKey={model.rowKey}
                density={prefs.density}
                columns={columns}
                rows={data?.list ?? NO_ROWS}
                loading={loading}
                scrollX={scrollX}
                height={height}
                selection={batch.length > 0 ? selection : null}
                pageNo={state.pageNo}
                pageSize={state.pageSize}
                total={data?.total ?? 0}
                totalExact={data?.totalExact !== false}
                pageSizes={model.url.pageSizes}
                tree={model.tree}
                onChange={onChange}
              />
            </div>
          </div>
          <MemoDetailDrawer
            row={detailRow}
            title={model.detail.title}
            fields={model.detail.fields}
            children={model.detail.children}
            resource={model.resource}
            provider={provider}
            canGet={canGet}
            approvals={model.detail.approvals}
            {...(model.detail.document ? { document: model.detail.document } : {})}
            sections={detailSections}
            onClose={closeDetail}
          />
          <MemoFormModal request={runner.formRequest} onClose={runner.closeForm} />
          {importing && (
            <ImportDialog
              page={importKey(model.page.app, model.page.name, importing.import?.name)}
              pageTitle={model.page.title}
              action={importing}
              onClose={() => setImporting(undefined)}
            />
          )}
        </div>
      </RowActionsContext.Provider>
    </CellActionsContext.Provider>
  );
}

/**
 * A list page rendered from its schema (page + resource): search form, virtual antd table with
 * server-side paging and sorting, row, toolbar and batch actions gated by the user's codes, a detail
 * drawer and forms in a modal. Carries antd's locale (the user's language) and App context itself, so
 * it renders the same in the host and in either sub-app. Its cells are light (widgets/light-cells.tsx).
 */
export function ListPage(props: ListPageProps) {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale}>
      <App component={false}>
        <LightCells>
          <ListPageBody {...props} />
        </LightCells>
      </App>
    </ConfigProvider>
  );
}
