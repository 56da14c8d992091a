import { Checkbox, type CheckboxProps, type TableColumnType } from 'antd';
import { createContext, forwardRef, memo, useContext, useSyncExternalStore } from 'react';
import { t } from '@/i18n';
import type { Row } from '../schema-types';
import { LightCellsContext, lightCheckboxClasses } from '../widgets/light-cells';
import { sameRow } from './row-memo';
import type { RowKey, SelectionStore } from './selection-store';

export const SELECTION_WIDTH = 48;

/** The store the selection column and the rows read; null where the list has no batch actions. */
export const SelectionContext = createContext<SelectionStore | null>(null);

const noSubscribe = () => () => undefined;

function useStore<T>(read: (s: SelectionStore) => T, fallback: T): T {
  const store = useContext(SelectionContext);
  return useSyncExternalStore(store ? store.subscribe : noSubscribe, () => (store ? read(store) : fallback));
}

/** antd stops the click so that a row click handler does not see it; so do we. */
const stop: CheckboxProps['onClick'] = (e) => e.stopPropagation();

/**
 * A row's checkbox. In a list (LightCellsContext) antd's Checkbox markup without the component: a
 * row mounting with a scroll of the virtual table then runs no antd hooks (config, token, styles,
 * wave) for it; the header's antd Checkbox keeps the styles in the page. No click wave on rows.
 */
const RowCheckbox = memo(function RowCheckbox({ rowKey }: { rowKey: RowKey }) {
  const store = useContext(SelectionContext);
  const light = useContext(LightCellsContext);
  const checked = useStore((s) => s.isSelected(rowKey), false);
  const onChange = (e: { nativeEvent: Event }) =>
    store?.toggle(rowKey, (e.nativeEvent as MouseEvent).shiftKey);
  if (!light)
    return <Checkbox aria-label={t('list.selectRow')} checked={checked} onClick={stop} onChange={onChange} />;
  const cls = lightCheckboxClasses(light, checked);
  return (
    <label className={cls.wrapper}>
      <span className={cls.box}>
        <input
          // A name for screen readers and axe (label): the row's checkbox has no visible text.
          aria-label={t('list.selectRow')}
          className={cls.input}
          type="checkbox"
          checked={checked}
          onClick={stop}
          onChange={onChange}
        />
        <span className={cls.inner} />
      </span>
    </label>
  );
});

function HeaderCheckbox() {
  const store = useContext(SelectionContext);
  const state = useStore((s) => s.pageSelection(), 'none');
  const empty = useStore((s) => s.pageEmpty(), true);
  return (
    // antd's markup and label for its select-all checkbox, which the QA snapshots and tests know.
    <div className="ant-table-selection">
      <Checkbox
        aria-label="Select all"
        checked={!empty && state === 'all'}
        indeterminate={state === 'some'}
        disabled={empty}
        onChange={() => store?.toggleAll()}
      />
    </div>
  );
}

type RowProps = React.HTMLAttributes<HTMLDivElement>;

/**
 * A row element that carries antd's selected-row class from the store: ticking re-renders this
 * element alone; its cells are the same React elements and are not rendered again. Memoised with
 * sameRow (row-memo.ts): a render of the virtual list that changes nothing in the row does not render
 * its cells again either.
 */
const SelectableRow = memo(
  forwardRef<HTMLDivElement, RowProps>(function SelectableRow(props, ref) {
    const key = (props as { 'data-row-key'?: RowKey })['data-row-key'];
    const selected = useStore((s) => key !== undefined && s.isSelected(key), false);
    return (
      <div
        ref={ref}
        {...props}
        className={selected ? `${props.className ?? ''} ant-table-row-selected` : props.className}
      />
    );
  }),
  sameRow,
);

/** The row of a list without selection, memoised in the same way. */
const PlainRow = memo(
  forwardRef<HTMLDivElement, RowProps>(function PlainRow(props, ref) {
    return <div ref={ref} {...props} />;
  }),
  sameRow,
);

/** The virtual table's row components (their ref is measured by the virtual list, hence forwardRef). */
export const SELECTABLE_COMPONENTS = { body: { row: SelectableRow } };
export const ROW_COMPONENTS = { body: { row: PlainRow } };

/** Cells re-render only when their row object changes; the checkbox follows the store by itself. */
const rowChanged = (record: Row, previous: Row) => record !== previous;

/**
 * Our own selection column in antd's place and markup (ant-table-selection-column, the selection
 * <col> class, the header's ant-table-selection div): its render functions never change with the
 * selection, so antd never rebuilds its columns on a tick.
 */
export function selectionColumn(rowKey: string): TableColumnType<Row> {
  return {
    key: '__selection',
    fixed: 'left',
    width: SELECTION_WIDTH,
    className: 'ant-table-selection-column',
    title: <HeaderCheckbox />,
    shouldCellUpdate: rowChanged,
    render: (_: unknown, row: Row) => <RowCheckbox rowKey={row[rowKey] as RowKey} />,
    // rc-table's INTERNAL_COL_DEFINE: the class of the column's <col>, as antd sets for its own.
    ...({ RC_TABLE_INTERNAL_COL_DEFINE: { className: 'ant-table-selection-col' } } as object),
  };
}
